import ts from "typescript";
import type { ControllerModel, InjectableModel } from "../model.js";
import type { ModuleImports } from "./module-imports.js";
import { routeDefinition } from "./route-definition.js";
import type { ShapeFunctions } from "./shape-functions.js";

// The statements that follow a class declaration and tell the runtime what
// the class is: its routes, and its Inject<T> fields.

/** `__honest.defineController(ItemController, { routes: [...] });` */
export function defineControllerStatement(controller: ControllerModel, imports: ModuleImports, functions: ShapeFunctions): ts.Statement {
  const f = ts.factory;
  const definition = f.createObjectLiteralExpression([
    f.createPropertyAssignment("routes", f.createArrayLiteralExpression(controller.routes.map((route) => routeDefinition(route, imports, functions)), true)),
  ]);
  return f.createExpressionStatement(
    f.createCallExpression(imports.runtime("defineController"), undefined, [f.createIdentifier(controller.className), definition]),
  );
}

/** `__honest.defineInjections(ItemController, [["store", () => __honest_import_0.ItemStore]]);` */
export function defineInjectionsStatement(injectable: InjectableModel, imports: ModuleImports): ts.Statement {
  const f = ts.factory;
  const entries = injectable.injections.map((injection) =>
    f.createArrayLiteralExpression([
      f.createStringLiteral(injection.field),
      f.createArrowFunction(undefined, undefined, [], undefined, undefined, imports.value(injection.component)),
    ]),
  );
  return f.createExpressionStatement(
    f.createCallExpression(imports.runtime("defineInjections"), undefined, [f.createIdentifier(injectable.className), f.createArrayLiteralExpression(entries, true)]),
  );
}
