import type ts from "typescript";
import type { DocComment } from "../model.js";
import type { CompilerFacts, FactSymbol, RawDocTag } from "../facts/compiler-facts.js";

// A declaration's doc comment, for the OpenAPI document (docs/guide/openapi-and-clients.md, "OpenAPI
// and clients"): the first paragraph is the summary, the rest the
// description, `@deprecated` marks it deprecated; on a handler or a
// controller, `@operationId` and `@tag` name its operation and tags, and a
// handler's `@param name text` describes a parameter.

/** The doc comment of a declaration's symbol; undefined when it has none. */
export function docCommentOf(facts: CompilerFacts, symbol: FactSymbol | undefined): DocComment | undefined {
  if (!symbol) return undefined;
  const comment = facts.docComment(symbol);
  const text = comment.text.trim();
  const deprecated = comment.tags.some((tag) => tag.name === "deprecated");
  const operationId = lastTagText(comment.tags, "operationId");
  const tags = comment.tags.filter((tag) => tag.name === "tag" && tag.text !== "").map((tag) => tag.text);
  const params = paramTexts(comment.tags);
  if (text === "" && !deprecated && operationId === undefined && tags.length === 0 && params === undefined) return undefined;
  const [first = "", ...rest] = text.split(/\r?\n[ \t]*\r?\n/);
  const summary = first.replace(/\s*\r?\n\s*/g, " ").trim();
  const description = rest.join("\n\n").trim();
  return {
    ...(summary !== "" && { summary }),
    ...(description !== "" && { description }),
    ...(deprecated && { deprecated }),
    ...(operationId !== undefined && { operationId }),
    ...(tags.length > 0 && { tags }),
    ...(params !== undefined && { params }),
  };
}

/** The doc comment of a named declaration (a class, a method). */
export function docCommentOfDeclaration(facts: CompilerFacts, declaration: ts.NamedDeclaration): DocComment | undefined {
  return docCommentOf(facts, declaration.name && facts.symbolAt(declaration.name));
}

/** The text of the last `@name` tag, as written (a malformed one is the analysis's to report). */
function lastTagText(tags: readonly RawDocTag[], name: string): string | undefined {
  const found = tags.filter((tag) => tag.name === name).at(-1);
  return found === undefined ? undefined : found.text;
}

/** `@param name text` by name: `@param id - the item's id` is `{ id: "the item's id" }`. */
function paramTexts(tags: readonly RawDocTag[]): Readonly<Record<string, string>> | undefined {
  const params: Record<string, string> = {};
  for (const tag of tags) {
    if (tag.name !== "param") continue;
    const match = /^\[?([^\s\]=]+)[^\s]*\s+(?:-\s+)?([\s\S]+)$/.exec(tag.text);
    if (match) params[match[1]!] = match[2]!.replace(/\s*\r?\n\s*/g, " ").trim();
  }
  return Object.keys(params).length > 0 ? params : undefined;
}
