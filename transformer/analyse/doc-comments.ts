import ts from "typescript";
import type { DocComment } from "../model.js";

// A declaration's doc comment, for the OpenAPI document (README, "OpenAPI
// and clients"): the first paragraph is the summary, the rest the
// description, and `@deprecated` marks it deprecated.

/** The doc comment of a declaration's symbol; undefined when it has none. */
export function docCommentOf(checker: ts.TypeChecker, symbol: ts.Symbol | undefined): DocComment | undefined {
  if (!symbol) return undefined;
  const text = ts.displayPartsToString(symbol.getDocumentationComment(checker)).trim();
  const deprecated = symbol.getJsDocTags(checker).some((tag) => tag.name === "deprecated");
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
export function docCommentOfDeclaration(checker: ts.TypeChecker, declaration: ts.NamedDeclaration): DocComment | undefined {
  return docCommentOf(checker, declaration.name && checker.getSymbolAtLocation(declaration.name));
}
