import ts from "typescript";
import type { DocComment } from "../model.js";

// A declaration's doc comment, for the OpenAPI document (README, "OpenAPI
// and clients"): the first paragraph is the summary, the rest the
// description, and `@deprecated` marks it deprecated.
//
// The comment is read from the source text, not from the checker: tsc (and
// so tspc) parses .ts files with JSDocParsingMode.ParseForTypeErrors, which
// skips every doc comment that holds no @see or @link, so a build's symbols
// have none. The comment's own text is parsed here, alone, and only when
// there is one.

/** The doc comment of a declaration's symbol; undefined when it has none. */
export function docCommentOf(symbol: ts.Symbol | undefined): DocComment | undefined {
  for (const declaration of symbol?.declarations ?? []) {
    const doc = parsedDocOf(declaration);
    if (doc) return docComment(doc);
  }
  return undefined;
}

/** The doc comment of one declaration (a class, a method). */
export function docCommentOfDeclaration(declaration: ts.Declaration): DocComment | undefined {
  const doc = parsedDocOf(declaration);
  return doc && docComment(doc);
}

/** The last `/** *\/` comment before a declaration (the one TypeScript attaches), parsed. */
function parsedDocOf(declaration: ts.Declaration): ts.JSDoc | undefined {
  const file = declaration.getSourceFile();
  const owner = ts.isVariableDeclaration(declaration) ? declaration.parent.parent : declaration;
  const comment = ts
    .getLeadingCommentRanges(file.text, owner.pos)
    ?.filter((range) => range.kind === ts.SyntaxKind.MultiLineCommentTrivia && file.text.startsWith("/**", range.pos))
    .at(-1);
  const text = comment && file.text.slice(comment.pos, comment.end);
  if (!text || text === "/**/") return undefined;
  const host = ts.createSourceFile("doc-comment.ts", `${text}\nfunction documented() {}\n`, ts.ScriptTarget.Latest, true);
  return ts.getJSDocCommentsAndTags(host.statements[0]!).find(ts.isJSDoc);
}

function docComment(doc: ts.JSDoc): DocComment | undefined {
  const text = (ts.getTextOfJSDocComment(doc.comment) ?? "").trim();
  const deprecated = doc.tags?.some((tag) => tag.tagName.text === "deprecated") ?? false;
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
