import type ts from "typescript";
import type { BuildOutcome } from "../../../runtime/internal.js";
import type { CreateAppCallModel, ErrorFormatModel } from "../model.js";
import { errorFormatWriters } from "./error-format-writers.js";
import type { GenerationContext } from "./generation-context.js";
import { objectOf } from "./protocol.js";

/**
 * `createApp(options)` becomes `__honest.createDiscoveredApp([ItemController, ...], options)`;
 * a third argument carries the program's errors (the app refuses to start),
 * the OpenAPI document, the writers of the error format and the classes with
 * scheduled methods, when there are any.
 */
export function createAppCall(
  model: CreateAppCallModel,
  args: readonly ts.Expression[],
  outcome: Omit<BuildOutcome, "errorWriters">,
  errorFormat: ErrorFormatModel | undefined,
  generation: GenerationContext,
): ts.CallExpression {
  const { array, str, call, voidZero } = generation.nodes;
  const controllers = array(
    model.controllers.map((reference) => generation.imports.value(reference)),
    model.controllers.length > 1,
  );
  const build = objectOf<BuildOutcome>(
    generation.nodes,
    {
      errors: outcome.errors?.length ? array(outcome.errors.map(str), true) : undefined,
      openapi: outcome.openapi === undefined ? undefined : str(outcome.openapi),
      errorWriters: errorFormatWriters(errorFormat, generation),
      scheduled:
        model.scheduled.length > 0
          ? array(
              model.scheduled.map((reference) => generation.imports.value(reference)),
              model.scheduled.length > 1,
            )
          : undefined,
    },
    true,
  );
  const rest = build.properties.length === 0 ? args : [args[0] ?? voidZero(), build];
  return call(generation.runtime("createDiscoveredApp"), controllers, ...rest);
}
