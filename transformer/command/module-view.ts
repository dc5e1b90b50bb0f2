import path from "node:path";
import type { ControllerModel, HandlerParameterModel, InjectableModel, ProgramModel, ValueReference } from "../compiler/model.js";
import { relativeSpecifier } from "../compiler/analyse/value-reference.js";

// The program model as the generated module sees it (docs/setup/typescript-7.md, "TypeScript 7:
// generator mode"). The module is another file than the classes it
// registers, so every class reference is rewritten to be reached from there;
// and the decorators still run in this mode, so what only they can hold
// stays with them: `@Use(...)`'s middleware is an expression in the user's
// file (the runtime takes it from what the decorator recorded), and a
// handler's synchronous copy would need a method added inside the class.

export function moduleView(model: ProgramModel, moduleFile: string): ProgramModel {
  const reach = (reference: ValueReference, fromFile: string) => reachedFrom(moduleFile, reference, fromFile);
  return {
    ...model,
    controllers: model.controllers.map((controller) => controllerView(controller, reach)),
    injectables: model.injectables.map(
      (injectable): InjectableModel => ({
        ...injectable,
        injections: injectable.injections.map((injection) => ({
          ...injection,
          component: reach(injection.component, injectable.fileName),
        })),
      }),
    ),
  };
}

function controllerView(
  controller: ControllerModel,
  reach: (reference: ValueReference, fromFile: string) => ValueReference,
): ControllerModel {
  const parameterView = (parameter: HandlerParameterModel): HandlerParameterModel =>
    parameter.kind === "resolver" ? { ...parameter, component: reach(parameter.component, controller.fileName) } : parameter;
  return {
    ...controller,
    use: [],
    routes: controller.routes.map((route) => ({ ...route, use: [], synchronous: false, parameters: route.parameters.map(parameterView) })),
  };
}

/** `reference`, written in `fromFile`, as the generated module in `moduleFile` reaches it. */
export function reachedFrom(moduleFile: string, reference: ValueReference, fromFile: string): ValueReference {
  if (reference.kind === "local") {
    // Analysis has checked that the class is exported (generated-module-imports.ts).
    return { kind: "module", specifier: relativeSpecifier(moduleFile, fromFile), exportPath: [reference.name] };
  }
  if (!reference.specifier.startsWith(".")) return reference;
  // A relative specifier keeps the extension the user wrote (`./store.js`), from the module's folder.
  let specifier = path
    .relative(path.dirname(moduleFile), path.resolve(path.dirname(fromFile), reference.specifier))
    .split(path.sep)
    .join("/");
  if (!specifier.startsWith(".")) specifier = `./${specifier}`;
  return { ...reference, specifier };
}
