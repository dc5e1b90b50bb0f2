import type ts from "typescript";
import type { BuildFacts } from "../../../runtime/internal.js";
import type { CreateAppCallModel } from "../model.js";
import type { GenerationContext } from "./generation-context.js";
import { objectOf } from "./protocol.js";

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
  generation: GenerationContext,
): ts.CallExpression {
  const { array, str, call, voidZero } = generation.nodes;
  const controllers = array(
    model.controllers.map((reference) => generation.imports.value(reference)),
    model.controllers.length > 1,
  );
  const build = objectOf<BuildFacts>(
    generation.nodes,
    {
      errors: facts.errors.length > 0 ? array(facts.errors.map(str), true) : undefined,
      openapi: facts.openapi === undefined ? undefined : str(facts.openapi),
    },
    true,
  );
  const rest = build.properties.length === 0 ? args : [args[0] ?? voidZero(), build];
  return call(generation.runtime("createDiscoveredApp"), controllers, ...rest);
}
