import type ts from "typescript";
import type { CreateAppCallModel } from "../model.js";
import { array, call, object, str, voidZero } from "./factories/nodes.js";
import type { ModuleImports } from "./module-imports.js";

/** What the whole program tells each `createApp()` call beside its controllers. */
export interface CreateAppFacts {
  /** honest's errors in the program: the app refuses to start. */
  readonly errors: readonly string[];
  /** The OpenAPI document's JSON text, for a call that serves it. */
  readonly openapi: string | undefined;
}

/**
 * `createApp(options)` becomes `__honest.createDiscoveredApp([ItemController, ...], options)`;
 * a third argument carries the program's errors (the app refuses to start)
 * and the OpenAPI document, when there are any.
 */
export function createAppCall(
  model: CreateAppCallModel,
  args: readonly ts.Expression[],
  facts: CreateAppFacts,
  imports: ModuleImports,
): ts.CallExpression {
  const controllers = array(model.controllers.map((reference) => imports.value(reference)));
  const build: [string, ts.Expression][] = [];
  if (facts.errors.length > 0) build.push(["errors", array(facts.errors.map(str), true)]);
  if (facts.openapi !== undefined) build.push(["openapi", str(facts.openapi)]);
  const rest = build.length === 0 ? args : [args[0] ?? voidZero(), object(build, true)];
  return call(imports.runtime("createDiscoveredApp"), controllers, ...rest);
}
