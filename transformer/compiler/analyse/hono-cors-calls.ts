import type ts from "typescript";
import type { CompilerFacts } from "../facts/compiler-facts.js";
import type { ControllerModel } from "../model.js";

// `cors(...)` from hono/cors, written where honest runs the middleware:
// createApp's options and @Use(...). The rewrite makes each one honest's own
// `cors` (runtime/middleware/cors.ts): Hono's middleware with the same
// options, plus a step that on Node sets the headers of `origin: "*"` without
// a promise or a copy of the response (docs/guide/middleware.md, "How honest runs hono/cors").

/** hono/cors's declaration file, as the package lays it out (`dist/types/middleware/cors/index.d.ts`). */
const HONO_CORS_DECLARATION = /[\\/]hono[\\/]dist[\\/](?:types[\\/])?middleware[\\/]cors[\\/]index\.d\.[cm]?ts$/;

/** Every hono/cors `cors(...)` call in createApp's options, and each `@Use(...)` argument that is one. */
export function honoCorsCalls(
  facts: CompilerFacts,
  createAppCalls: readonly ts.CallExpression[],
  controllers: readonly ControllerModel[],
): ts.CallExpression[] {
  const found: ts.CallExpression[] = [];
  const visit = (node: ts.Node): void => {
    if (facts.syntax.isFunctionLike(node)) return;
    if (facts.syntax.isCallExpression(node) && isHonoCors(facts, node.expression)) found.push(node);
    facts.syntax.forEachChild(node, visit);
  };
  for (const call of createAppCalls) if (call.arguments[0]) visit(call.arguments[0]);
  // An @Use(...) argument is emitted whole into the controller's definition: the call itself, not one inside it.
  for (const controller of controllers) {
    for (const expression of [...controller.use, ...controller.routes.flatMap((route) => route.use)]) {
      if (facts.syntax.isCallExpression(expression) && isHonoCors(facts, expression.expression)) found.push(expression);
    }
  }
  return found;
}

function isHonoCors(facts: CompilerFacts, callee: ts.Expression): boolean {
  const symbol = facts.symbolAt(callee);
  if (symbol === undefined) return false;
  const target = facts.aliasTarget(symbol);
  return facts.symbolName(target) === "cors" && facts.declarationFileNames(target).some((name) => HONO_CORS_DECLARATION.test(name));
}
