import type ts from "typescript";
import type { CompilerFacts, FactType } from "../facts/compiler-facts.js";

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
  facts: CompilerFacts,
  handler: ts.MethodDeclaration,
  honestDecorators: readonly ts.Decorator[],
): boolean {
  const { syntax } = facts;
  const { NodeFlags } = facts.flags;
  if (!handler.body || handler.asteriskToken) return false;
  if (
    syntax.decoratorsOf(handler).some((decorator) => !honestDecorators.includes(decorator)) ||
    handler.parameters.some((parameter) => syntax.decoratorsOf(parameter).length > 0)
  )
    return false;
  let synchronous = true;
  const visit = (node: ts.Node): void => {
    if (!synchronous || syntax.isFunctionLike(node) || syntax.isClassStaticBlockDeclaration(node)) return;
    if (
      syntax.isAwaitExpression(node) ||
      (syntax.isForOfStatement(node) && node.awaitModifier !== undefined) ||
      (syntax.isVariableDeclarationList(node) && (node.flags & NodeFlags.BlockScoped) === NodeFlags.AwaitUsing) ||
      (syntax.isReturnStatement(node) && node.expression !== undefined && mayBePromise(facts, facts.typeAt(node.expression)))
    ) {
      synchronous = false;
      return;
    }
    syntax.forEachChild(node, visit);
  };
  syntax.forEachChild(handler.body, visit);
  return synchronous;
}

/** `any`, `unknown`, and anything with a `then` (a promise, a thenable, a union or type parameter that may hold one). */
export function mayBePromise(facts: CompilerFacts, type: FactType): boolean {
  const { TypeFlags } = facts.flags;
  const flags = facts.typeFlags(type);
  if (flags & (TypeFlags.Any | TypeFlags.Unknown)) return true;
  const members = facts.unionMembers(type) ?? facts.intersectionMembers(type);
  if (members) return members.some((member) => mayBePromise(facts, member));
  if (flags & TypeFlags.TypeParameter) {
    const constraint = facts.baseConstraint(type);
    return constraint === undefined || constraint === type || mayBePromise(facts, constraint);
  }
  return facts.property(facts.apparentType(type), "then") !== undefined;
}
