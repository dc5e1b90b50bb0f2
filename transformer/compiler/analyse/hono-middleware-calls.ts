import type ts from "typescript";
import type { CompilerFacts } from "../facts/compiler-facts.js";
import type { ControllerModel, HonoMiddlewareName } from "../model.js";

// Hono middleware honest runs as its own where createApp's options and
// @Use(...) list it: `cors(...)` from hono/cors and `bearerAuth(...)` from
// hono/bearer-auth. The rewrite makes each call honest's (runtime/middleware/):
// Hono's middleware with the same options, plus a step that on Node does its
// common case without a promise (docs/guide/middleware.md, "How honest runs hono/cors and bearerAuth").

/** Each middleware's declaration file, as the hono package lays it out (`dist/types/middleware/cors/index.d.ts`). */
const DECLARATIONS: Readonly<Record<HonoMiddlewareName, RegExp>> = {
  cors: /[\\/]hono[\\/]dist[\\/](?:types[\\/])?middleware[\\/]cors[\\/]index\.d\.[cm]?ts$/,
  bearerAuth: /[\\/]hono[\\/]dist[\\/](?:types[\\/])?middleware[\\/]bearer-auth[\\/]index\.d\.[cm]?ts$/,
};

/** Every such call in createApp's options, and each `@Use(...)` argument that is one, with the middleware it makes. */
export function honoMiddlewareCalls(
  facts: CompilerFacts,
  createAppCalls: readonly ts.CallExpression[],
  controllers: readonly ControllerModel[],
): Map<ts.CallExpression, HonoMiddlewareName> {
  const found = new Map<ts.CallExpression, HonoMiddlewareName>();
  const check = (node: ts.Node): void => {
    if (!facts.syntax.isCallExpression(node)) return;
    const name = honoMiddlewareOf(facts, node.expression);
    if (name !== undefined) found.set(node, name);
  };
  const visit = (node: ts.Node): void => {
    if (facts.syntax.isFunctionLike(node)) return;
    check(node);
    facts.syntax.forEachChild(node, visit);
  };
  for (const call of createAppCalls) if (call.arguments[0]) visit(call.arguments[0]);
  // An @Use(...) argument is emitted whole into the controller's definition: the call itself, not one inside it.
  for (const controller of controllers) {
    for (const expression of [...controller.use, ...controller.routes.flatMap((route) => route.use)]) check(expression);
  }
  return found;
}

function honoMiddlewareOf(facts: CompilerFacts, callee: ts.Expression): HonoMiddlewareName | undefined {
  const symbol = facts.symbolAt(callee);
  if (symbol === undefined) return undefined;
  const target = facts.aliasTarget(symbol);
  const name = facts.symbolName(target);
  if (name !== "cors" && name !== "bearerAuth") return undefined;
  return facts.declarationFileNames(target).some((file) => DECLARATIONS[name].test(file)) ? name : undefined;
}
