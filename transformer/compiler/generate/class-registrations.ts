import type ts from "typescript";
import type { ControllerModel, InjectableModel } from "../model.js";
import { array, arrow, call, expression, id, object, str } from "./factories/nodes.js";
import type { ModuleImports } from "./module-imports.js";
import type { ShapeFunctions } from "./programmers/shape-functions.js";
import type { InputReaders } from "./input-readers.js";
import { routeDefinition } from "./route-definition.js";

// The statements that follow a class declaration and tell the runtime what
// the class is: its routes, and its Inject<T> fields. In generator mode they
// stand in the generated module, and `target` is the class as imported there.

/** `__honest.defineController(ItemController, { use: [...], routes: [...] });`, `use` for `@Use(...)` on the class. */
export function defineControllerStatement(
  controller: ControllerModel,
  imports: ModuleImports,
  functions: ShapeFunctions,
  readers: InputReaders,
  target: ts.Expression = id(controller.className),
): ts.Statement {
  const routes = array(
    controller.routes.map((route) => routeDefinition(route, imports, functions, readers)),
    true,
  );
  const definition = object(controller.use.length > 0 ? { use: array(controller.use), routes } : { routes });
  return expression(call(imports.runtime("defineController"), target, definition));
}

/** `__honest.defineInjections(ItemController, [["store", () => __honest_import_0.ItemStore]]);` */
export function defineInjectionsStatement(
  injectable: InjectableModel,
  imports: ModuleImports,
  target: ts.Expression = id(injectable.className),
): ts.Statement {
  const entries = injectable.injections.map((injection) => array([str(injection.field), arrow([], imports.value(injection.component))]));
  return expression(call(imports.runtime("defineInjections"), target, array(entries, true)));
}
