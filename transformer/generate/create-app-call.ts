import type ts from "typescript";
import type { CreateAppCallModel } from "../model.js";
import { array, call, str, voidZero } from "./factories/nodes.js";
import type { ModuleImports } from "./module-imports.js";

/**
 * `createApp(options)` becomes `__honest.createDiscoveredApp([ItemController, ...], options)`;
 * when the program had honest errors, they follow, and the app refuses to start.
 */
export function createAppCall(
  model: CreateAppCallModel,
  args: readonly ts.Expression[],
  errors: readonly string[],
  imports: ModuleImports,
): ts.CallExpression {
  const controllers = array(model.controllers.map((reference) => imports.value(reference)));
  const rest = errors.length === 0 ? args : [args[0] ?? voidZero(), array(errors.map(str), true)];
  return call(imports.runtime("createDiscoveredApp"), controllers, ...rest);
}
