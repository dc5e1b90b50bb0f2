import ts from "typescript";

// An async handler that never awaits runs its whole body before it returns;
// `async` only wraps the result in a promise. When the body also returns no
// promise, a synchronous copy of it gives the same answer without one, and
// the route can answer in the same turn, as a hand-written Hono handler does.

/**
 * Whether the handler method can be copied without `async`: it has a body,
 * no decorators but honest's own (its route decorator, `@Use`), none on its parameters (they may
 * wrap or replace it), no `await`, `for await` or `await using` outside nested functions,
 * and no `return` whose value could be a promise.
 */
export function canRunSynchronously(
  checker: ts.TypeChecker,
  handler: ts.MethodDeclaration,
  honestDecorators: readonly ts.Decorator[],
): boolean {
  if (!handler.body || handler.asteriskToken) return false;
  if (
    ts.getDecorators(handler)?.some((decorator) => !honestDecorators.includes(decorator)) ||
    handler.parameters.some((parameter) => ts.getDecorators(parameter)?.length)
  )
    return false;
  let synchronous = true;
  const visit = (node: ts.Node): void => {
    if (!synchronous || ts.isFunctionLike(node) || ts.isClassStaticBlockDeclaration(node)) return;
    if (
      ts.isAwaitExpression(node) ||
      (ts.isForOfStatement(node) && node.awaitModifier !== undefined) ||
      (ts.isVariableDeclarationList(node) && (node.flags & ts.NodeFlags.BlockScoped) === ts.NodeFlags.AwaitUsing) ||
      (ts.isReturnStatement(node) && node.expression !== undefined && mayBePromise(checker, checker.getTypeAtLocation(node.expression)))
    ) {
      synchronous = false;
      return;
    }
    ts.forEachChild(node, visit);
  };
  ts.forEachChild(handler.body, visit);
  return synchronous;
}

/** `any`, `unknown`, and anything with a `then` (a promise, a thenable, a union or type parameter that may hold one). */
function mayBePromise(checker: ts.TypeChecker, type: ts.Type): boolean {
  if (type.flags & (ts.TypeFlags.Any | ts.TypeFlags.Unknown)) return true;
  if (type.isUnionOrIntersection()) return type.types.some((member) => mayBePromise(checker, member));
  if (type.flags & ts.TypeFlags.TypeParameter) {
    const constraint = checker.getBaseConstraintOfType(type);
    return constraint === undefined || constraint === type || mayBePromise(checker, constraint);
  }
  return checker.getPropertyOfType(checker.getApparentType(type), "then") !== undefined;
}
