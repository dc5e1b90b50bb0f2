import ts from "typescript";
import type { CreateAppCallModel } from "../model.js";
import type { ModuleImports } from "./module-imports.js";

/**
 * `createApp(options)` becomes `__honest.createDiscoveredApp([ItemController, ...], options)`;
 * when the program had honest errors, they follow, and the app refuses to start.
 */
export function createAppCall(call: CreateAppCallModel, args: readonly ts.Expression[], errors: readonly string[], imports: ModuleImports): ts.CallExpression {
  const f = ts.factory;
  const controllers = f.createArrayLiteralExpression(call.controllers.map((reference) => imports.value(reference)));
  const rest = errors.length === 0 ? args : [args[0] ?? f.createVoidZero(), f.createArrayLiteralExpression(errors.map((error) => f.createStringLiteral(error)), true)];
  return f.createCallExpression(imports.runtime("createDiscoveredApp"), undefined, [controllers, ...rest]);
}
