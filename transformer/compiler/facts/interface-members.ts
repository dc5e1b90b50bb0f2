import * as ast from "typescript7/unstable/ast";

// Whether an interface's members, read from its declarations, include no
// call, construct or index signature: then its type, and every instantiation
// of it, has none, and TypeScript 7's facts need not ask its API (three round
// trips for each data type; docs/setup/typescript-7.md, "What is unstable").
// An interface that extends another inherits that one's signatures, so it is asked.

export function declaresOnlyProperties(declarations: readonly ast.Node[]): boolean {
  return (
    declarations.length > 0 &&
    declarations.every(
      (declaration) =>
        ast.isInterfaceDeclaration(declaration) &&
        !declaration.heritageClauses?.length &&
        declaration.members.every(
          (member) =>
            !ast.isCallSignatureDeclaration(member) &&
            !ast.isConstructSignatureDeclaration(member) &&
            !ast.isIndexSignatureDeclaration(member),
        ),
    )
  );
}
