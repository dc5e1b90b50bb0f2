import ts from "typescript";
import type { CreateAppCallModel } from "../model.js";
import type { ModuleImports } from "./module-imports.js";

/** `createApp(options)` becomes `__honest.createDiscoveredApp([ItemController, ...], options)`. */
export function createAppCall(call: CreateAppCallModel, args: readonly ts.Expression[], imports: ModuleImports): ts.CallExpression {
  const f = ts.factory;
  const controllers = f.createArrayLiteralExpression(call.controllers.map((reference) => imports.value(reference)));
  return f.createCallExpression(imports.runtime("createDiscoveredApp"), undefined, [controllers, ...args]);
}
