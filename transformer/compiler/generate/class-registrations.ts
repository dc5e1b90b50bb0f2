import type ts from "typescript";
import type { ControllerDefinition, TopicCodec } from "../../../runtime/internal.js";
import type { ControllerModel, InjectableModel, ScheduledClassModel } from "../model.js";
import type { GenerationContext } from "./generation-context.js";
import { objectOf } from "./protocol.js";
import { routeWriter } from "./programmers/write-programmer.js";
import { holdsBigInt } from "../shapes/shape-traits.js";
import { routeDefinition } from "./route-definition.js";

// The statements that follow a class declaration and tell the runtime what
// the class is: its routes, its Inject<T> fields, its Env<T> fields and its Topic<T> fields. In generator mode they
// stand in the generated module, and `target` is the class as imported there.

/**
 * `__honest.defineController(ItemController, { use: [...], routes: [...] });`, `use` for `@Use(...)` on the class,
 * then the factories of the routes' handlers that it names.
 */
export function defineControllerStatement(
  controller: ControllerModel,
  generation: GenerationContext,
  target: ts.Expression = generation.nodes.id(controller.className),
): ts.Statement[] {
  const { array, expression, call } = generation.nodes;
  const entries = controller.routes.map((route) => routeDefinition(route, controller, generation));
  const routes = array(
    entries.map((entry) => entry.definition),
    true,
  );
  const definition = objectOf<ControllerDefinition>(
    generation.nodes,
    { use: controller.use.length > 0 ? array(controller.use.map((each) => generation.middleware(each))) : undefined, routes },
    true,
  );
  return [expression(call(generation.runtime("defineController"), target, definition)), ...entries.map((entry) => entry.factory)];
}

/**
 * `__honest.defineInjections(ItemController, [["store", () => __honest_import_item_store.ItemStore]]);`, a
 * `Current<T>` field's entry ending in `"current"`; then, for a `@PerRequest()` class, `__honest.definePerRequest(UnitOfWork);`
 * (docs/guide/request-scope.md, "Work that lives for one request").
 */
export function defineInjectionsStatement(
  injectable: InjectableModel,
  generation: GenerationContext,
  target: ts.Expression = generation.nodes.id(injectable.className),
): ts.Statement[] {
  const { array, str, arrow, expression, call } = generation.nodes;
  const statements: ts.Statement[] = [];
  if (injectable.injections.length > 0) {
    const entries = injectable.injections.map((injection) =>
      array([
        str(injection.field),
        arrow([], generation.imports.value(injection.component)),
        ...(injection.current ? [str("current")] : []),
      ]),
    );
    statements.push(expression(call(generation.runtime("defineInjections"), target, array(entries, true))));
  }
  if (injectable.perRequest) statements.push(expression(call(generation.runtime("definePerRequest"), target)));
  return statements;
}

/** `__honest.defineEnvFields(AppConfig, [["env", __honest_env_Settings]]);`: each `Env<T>` field with the reader of its `T`. */
export function defineEnvFieldsStatement(
  injectable: InjectableModel,
  generation: GenerationContext,
  target: ts.Expression = generation.nodes.id(injectable.className),
): ts.Statement {
  const { array, str, expression, call } = generation.nodes;
  const entries = injectable.envFields.map((field) => array([str(field.field), generation.readers.reader(field.reader)]));
  return expression(call(generation.runtime("defineEnvFields"), target, array(entries, true)));
}

/**
 * `__honest.defineSchedules(ItemStats, [["refresh", "every", 30000, "30s"], ["purge", "cron", "0 3 * * *"]]);`: each
 * scheduled method with when it runs (docs/guide/scheduled-work.md, "Scheduled work").
 */
export function defineSchedulesStatement(
  scheduled: ScheduledClassModel,
  generation: GenerationContext,
  target: ts.Expression = generation.nodes.id(scheduled.className),
): ts.Statement {
  const { array, str, num, expression, call } = generation.nodes;
  const entries = scheduled.jobs.map((job) =>
    job.kind === "every"
      ? array([str(job.member), str("every"), num(job.interval), str(job.written)])
      : array([str(job.member), str("cron"), str(job.expression)]),
  );
  return expression(call(generation.runtime("defineSchedules"), target, array(entries, entries.length > 1)));
}

/**
 * `__honest.defineTopicFields(ItemFeed, [["changes", "ItemFeed.changes", { write, parse, report, exact }]]);`: each
 * `Topic<T>` field with its topic's name and the functions generated for `T`, the writer a response's, the parser
 * and reporter a body's (docs/guide/topics.md, "Topics").
 */
export function defineTopicFieldsStatement(
  injectable: InjectableModel,
  generation: GenerationContext,
  target: ts.Expression = generation.nodes.id(injectable.className),
): ts.Statement {
  const { array, str, expression, call, bool } = generation.nodes;
  const { functions, table } = generation;
  const entries = injectable.topicFields.map((field) =>
    array([
      str(field.field),
      str(field.topic),
      objectOf<TopicCodec>(generation.nodes, {
        write: routeWriter(field.shape, generation),
        parse: functions.parser(field.shape),
        report: functions.reporter(field.shape),
        exact: bool(holdsBigInt(field.shape, table)),
      }),
    ]),
  );
  return expression(call(generation.runtime("defineTopicFields"), target, array(entries, true)));
}

/** The statements that register an injectable's Inject<T>, Env<T> and Topic<T> fields, each only when it has some. */
export function injectableStatements(injectable: InjectableModel, generation: GenerationContext, target?: ts.Expression): ts.Statement[] {
  return [
    ...defineInjectionsStatement(injectable, generation, target),
    ...(injectable.envFields.length > 0 ? [defineEnvFieldsStatement(injectable, generation, target)] : []),
    ...(injectable.topicFields.length > 0 ? [defineTopicFieldsStatement(injectable, generation, target)] : []),
  ];
}
