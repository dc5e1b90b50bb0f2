import * as ast from "typescript7/unstable/ast";

// Whether any doc comment can reach a symbol declared by `declarations`, read
// from their syntax alone, so that TypeScript 7's facts ask its API for the
// comment (two round trips) only when one may exist: most properties of most
// data types have none (docs/setup/typescript-7.md, "What is unstable"). A
// comment reaches a declaration from its own leading trivia, or from that
// of the statement that holds it (a variable's statement, a function's
// `@param`), all inside the outermost statement; and through `extends` and
// `implements`, a member inherits the comment of the member it overrides.

/** False only when no declaration can carry a doc comment: then the comment's text is empty and it has no tags. */
export function mayHaveDocComment(declarations: readonly ast.Node[]): boolean {
  if (declarations.length === 0) return true;
  return declarations.some((declaration) => inheritsDocs(declaration) || outermostStatementText(declaration).includes("/**"));
}

function outermostStatementText(declaration: ast.Node): string {
  let statement = declaration;
  while (statement.parent && !ast.isSourceFile(statement.parent)) statement = statement.parent;
  return statement.getSourceFile().text.slice(statement.pos, statement.end);
}

/** A member (or constructor parameter property) of a class or interface that extends or implements another. */
function inheritsDocs(declaration: ast.Node): boolean {
  const parent = declaration.parent;
  const owner = parent && ast.isConstructorDeclaration(parent) ? parent.parent : parent;
  const heritage = (owner as { readonly heritageClauses?: readonly ast.Node[] } | undefined)?.heritageClauses;
  return heritage !== undefined && heritage.length > 0;
}
