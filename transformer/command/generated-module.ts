import type ts from "typescript";
import type { ControllerModel, ProgramModel } from "../compiler/model.js";
import type { GeneratedApp, GeneratedController } from "../../runtime/internal.js";
import { defineControllerStatement, defineSchedulesStatement, injectableStatements } from "../compiler/generate/class-registrations.js";
import type { SyntaxFactory } from "../compiler/generate/factories/syntax-factory.js";
import { GenerationContext } from "../compiler/generate/generation-context.js";
import { shapeFunctionDeclarations } from "../compiler/generate/programmers/shape-declarations.js";
import { objectOf } from "../compiler/generate/protocol.js";
import { errorFormatWriters } from "../compiler/generate/error-format-writers.js";
import { reachedFrom } from "./module-view.js";

// The statements of the module `honest generate` writes (docs/setup/typescript-7.md, "TypeScript
// 7: generator mode"): what the transformer would have put beside each class,
// gathered in one file that imports the classes, then the app's own entry,
//
//   __honest.defineGeneratedApp({ command, controllers: [{ controller, prefix, routes }], errors, openapi, errorWriters, scheduled });
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

/** `model` must be the module's view of the program (module-view.ts); `factory` is TypeScript 7's. */
export function generatedModuleStatements(model: ProgramModel, options: GeneratedModuleOptions, factory: SyntaxFactory): ts.Statement[] {
  const generation = new GenerationContext(factory, model.shapes, new Map(), model.requestScoped);
  const { array, str, expression, call } = generation.nodes;
  const classOf = (fileName: string, className: string) =>
    generation.imports.value(reachedFrom(options.moduleFile, { kind: "local", name: className }, fileName));
  const statements: ts.Statement[] = [];
  for (const injectable of model.injectables) {
    statements.push(...injectableStatements(injectable, generation, classOf(injectable.fileName, injectable.className)));
  }
  for (const controller of model.controllers) {
    statements.push(...defineControllerStatement(controller, generation, classOf(controller.fileName, controller.className)));
  }
  for (const scheduled of model.scheduled) {
    statements.push(defineSchedulesStatement(scheduled, generation, classOf(scheduled.fileName, scheduled.className)));
  }
  const app = objectOf<GeneratedApp>(
    generation.nodes,
    {
      command: str(options.command),
      controllers: array(
        model.controllers.map((controller) => declaredController(controller, classOf, generation)),
        true,
      ),
      errors: model.errors.length > 0 ? array(model.errors.map(str), true) : undefined,
      openapi: options.openapi === undefined ? undefined : str(options.openapi),
      errorWriters: errorFormatWriters(model.errorFormat, generation),
      scheduled:
        model.scheduled.length > 0
          ? array(
              model.scheduled.map((scheduled) => classOf(scheduled.fileName, scheduled.className)),
              model.scheduled.length > 1,
            )
          : undefined,
    },
    true,
  );
  statements.push(expression(call(generation.runtime("defineGeneratedApp"), app)));
  // Generating the functions may import more of the runtime: build them before the imports.
  statements.push(...generation.readers.declarations(), ...shapeFunctionDeclarations(generation));
  return [...generation.imports.declarations(), ...statements];
}

/** `{ controller: __honest_import_items_item_controller.ItemController, prefix: "/api", routes: [["GET", "/{id}", "get"]] }`: the decorators as written. */
function declaredController(
  controller: ControllerModel,
  classOf: (fileName: string, className: string) => ts.Expression,
  generation: GenerationContext,
): ts.Expression {
  const { array, str } = generation.nodes;
  const routes = controller.routes.map((route) => array([str(route.method), str(route.declaredPath), str(route.member)]));
  return objectOf<GeneratedController>(
    generation.nodes,
    {
      controller: classOf(controller.fileName, controller.className),
      prefix: controller.prefix === "" ? undefined : str(controller.prefix),
      routes: array(routes, routes.length > 1),
    },
    true,
  );
}
