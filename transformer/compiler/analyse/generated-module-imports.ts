import path from "node:path";
import type ts from "typescript";
import type { HonestMessage } from "../diagnostics.js";
import { messages } from "../diagnostic-messages.js";
import type { ControllerModel, InjectableModel, ScheduledClassModel } from "../model.js";
import type { Injection } from "./analyse-injections.js";
import type { AnalysisContext } from "./analysis-context.js";

// In generator mode (docs/setup/typescript-7.md, "TypeScript 7: generator mode") the code that
// registers a class lives in another file, the generated module, which must
// import every class it names: each controller, each class with Inject<T>
// fields, and each resolver or component named in a type. A class declared
// in a file but not exported from it cannot be imported, so it is an error
// here, where the transformer (which writes beside the class) needs none.

export function checkGeneratedModuleImports(
  context: AnalysisContext,
  generatedModule: string,
  controllers: readonly ControllerModel[],
  injectables: readonly InjectableModel[],
  injectionsByClass: ReadonlyMap<ts.ClassDeclaration, readonly Injection[]>,
  scheduled: readonly ScheduledClassModel[],
): void {
  const reported = new Set<ts.Node>();
  const where = (fileName: string) => path.relative(path.dirname(fileName), generatedModule).split(path.sep).join("/");
  type Message = (parts: { className: string; module: string }) => HonestMessage;
  const report = (declaration: ts.ClassDeclaration, message: Message, fileName: string) => {
    if (reported.has(declaration) || context.facts.syntax.hasModifier(declaration, "export")) return;
    reported.add(declaration);
    context.sink.error(
      declaration.name ?? declaration,
      message({ className: declaration.name?.text ?? "This class", module: where(fileName) }),
    );
  };
  const { ControllerNotExported, GeneratedModuleImport } = messages;
  for (const controller of controllers) {
    report(controller.node, ControllerNotExported.forGeneratedModule, controller.fileName);
    for (const route of controller.routes) {
      for (const parameter of route.parameters) {
        if (parameter.kind === "resolver" && parameter.component.kind === "local") {
          report(parameter.declaration, GeneratedModuleImport, controller.fileName);
        }
      }
    }
  }
  for (const component of scheduled) report(component.node, messages.Schedule.notExportedForModule, component.fileName);
  for (const injectable of injectables) {
    report(injectable.node, GeneratedModuleImport, injectable.fileName);
    for (const injection of injectionsByClass.get(injectable.node) ?? []) {
      if (injection.component.kind === "local") report(injection.declaration, GeneratedModuleImport, injectable.fileName);
    }
  }
}
