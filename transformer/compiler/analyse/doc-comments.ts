import type ts from "typescript";
import type { DocComment } from "../model.js";
import type { CompilerFacts, FactSymbol } from "../facts/compiler-facts.js";

// A declaration's doc comment, for the OpenAPI document (docs/guide/openapi-and-clients.md, "OpenAPI
// and clients"): the first paragraph is the summary, the rest the
// description, and `@deprecated` marks it deprecated.

/** The doc comment of a declaration's symbol; undefined when it has none. */
export function docCommentOf(facts: CompilerFacts, symbol: FactSymbol | undefined): DocComment | undefined {
  if (!symbol) return undefined;
  const comment = facts.docComment(symbol);
  const text = comment.text.trim();
  const deprecated = comment.tags.includes("deprecated");
  if (text === "" && !deprecated) return undefined;
  const [first = "", ...rest] = text.split(/\r?\n[ \t]*\r?\n/);
  const summary = first.replace(/\s*\r?\n\s*/g, " ").trim();
  const description = rest.join("\n\n").trim();
  return {
    ...(summary !== "" && { summary }),
    ...(description !== "" && { description }),
    ...(deprecated && { deprecated }),
  };
}

/** The doc comment of a named declaration (a class, a method). */
export function docCommentOfDeclaration(facts: CompilerFacts, declaration: ts.NamedDeclaration): DocComment | undefined {
  return docCommentOf(facts, declaration.name && facts.symbolAt(declaration.name));
}
