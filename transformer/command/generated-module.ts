import type ts from "typescript";
import type { ControllerModel, ProgramModel } from "../compiler/model.js";
import { defineControllerStatement, defineInjectionsStatement } from "../compiler/generate/class-registrations.js";
import { array, call, expression, object, str } from "../compiler/generate/factories/nodes.js";
import { InputReaders } from "../compiler/generate/input-readers.js";
import { ModuleImports } from "../compiler/generate/module-imports.js";
import { shapeFunctionDeclarations } from "../compiler/generate/programmers/shape-declarations.js";
import { ShapeFunctions } from "../compiler/generate/programmers/shape-functions.js";
import { reachedFrom } from "./module-view.js";

// The statements of the module `honest generate` writes (README, "TypeScript
// 7: generator mode"): what the transformer would have put beside each class,
// gathered in one file that imports the classes, then the app's own entry,
//
//   __honest.defineGeneratedApp({ command, controllers: [{ controller, prefix, routes }], errors, openapi });
//
// whose `controllers` repeat each decorator's arguments as written, so that
// createApp() can compare them with what the decorators recorded when they
// ran and refuse a module older than the routes.

export interface GeneratedModuleOptions {
  /** Where the module is written. */
  readonly moduleFile: string;
  /** The command that writes it again, named when the app refuses a stale module. */
  readonly command: string;
  /** The OpenAPI document's JSON text, when a createApp() call may serve it. */
  readonly openapi: string | undefined;
}

/** `model` must be the module's view of the program (module-view.ts). */
export function generatedModuleStatements(model: ProgramModel, options: GeneratedModuleOptions): ts.Statement[] {
  const imports = new ModuleImports();
  const functions = new ShapeFunctions(model.shapes, imports);
  const readers = new InputReaders(imports);
  const classOf = (fileName: string, className: string) =>
    imports.value(reachedFrom(options.moduleFile, { kind: "local", name: className }, fileName));
  const statements: ts.Statement[] = [];
  for (const injectable of model.injectables) {
    statements.push(defineInjectionsStatement(injectable, imports, classOf(injectable.fileName, injectable.className)));
  }
  for (const controller of model.controllers) {
    statements.push(defineControllerStatement(controller, imports, functions, readers, classOf(controller.fileName, controller.className)));
  }
  const app: [string, ts.Expression][] = [
    ["command", str(options.command)],
    [
      "controllers",
      array(
        model.controllers.map((controller) => declaredController(controller, classOf)),
        true,
      ),
    ],
  ];
  if (model.errors.length > 0) app.push(["errors", array(model.errors.map(str), true)]);
  if (options.openapi !== undefined) app.push(["openapi", str(options.openapi)]);
  statements.push(expression(call(imports.runtime("defineGeneratedApp"), object(app, true))));
  // Generating the functions may import more of the runtime: build them before the imports.
  statements.push(...readers.declarations(), ...shapeFunctionDeclarations(functions));
  return [...imports.declarations(), ...statements];
}

/** `{ controller: __honest_import_0.ItemController, prefix: "/api", routes: [["GET", "/{id}", "get"]] }`: the decorators as written. */
function declaredController(controller: ControllerModel, classOf: (fileName: string, className: string) => ts.Expression): ts.Expression {
  const routes = controller.routes.map((route) => array([str(route.method), str(route.declaredPath), str(route.member)]));
  return object({
    controller: classOf(controller.fileName, controller.className),
    ...(controller.prefix !== "" && { prefix: str(controller.prefix) }),
    routes: array(routes, routes.length > 1),
  });
}
