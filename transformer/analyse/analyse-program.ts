import path from "node:path";
import ts from "typescript";
import { HonestCode, type DiagnosticSink } from "../diagnostics.js";
import type { ControllerModel, CreateAppCallModel, InjectableModel, ProgramModel, ValueReference } from "../model.js";
import { analyseController, controllerDecorator, routeDecorators } from "./analyse-controller.js";
import { analyseInjections, type Injection } from "./analyse-injections.js";
import { checkDependencies } from "./dependency-checks.js";
import { HonestSymbols } from "./honest-symbols.js";
import { JsonShapes } from "./json-shapes.js";
import { relativeSpecifier } from "./value-reference.js";

// Analysis of the whole program at once: createApp() must know every
// controller of the compilation, whichever file it is called in.

export function analyseProgram(program: ts.Program, sink: DiagnosticSink): ProgramModel {
  const symbols = new HonestSymbols(program);
  const shapes = new JsonShapes(program);
  const controllers: ControllerModel[] = [];
  const injectables: InjectableModel[] = [];
  const calls: ts.CallExpression[] = [];
  const injectionsByClass = new Map<ts.ClassDeclaration, Injection[]>();
  const decorators: ts.Decorator[] = [];

  const files = program
    .getSourceFiles()
    .filter((file) => !file.isDeclarationFile && !program.isSourceFileFromExternalLibrary(file))
    .sort((a, b) => (a.fileName < b.fileName ? -1 : a.fileName > b.fileName ? 1 : 0));

  for (const file of files) {
    const visit = (node: ts.Node): void => {
      if (ts.isClassDeclaration(node)) {
        const decorator = controllerDecorator(node, symbols);
        if (decorator) decorators.push(decorator);
        for (const member of node.members) decorators.push(...routeDecorators(member, symbols).map((route) => route.decorator));
        if (decorator) {
          const controller = analyseController(node, decorator, symbols, shapes, sink);
          if (controller) controllers.push(controller);
        } else {
          reportStrayRouteDecorators(node, symbols, sink);
        }
        const injections = analyseInjections(node, symbols, sink);
        if (injections.length > 0 && node.name) {
          injectionsByClass.set(node, injections);
          injectables.push({ node, className: node.name.text, injections: injections.map(({ field, component }) => ({ field, component })) });
        }
      } else if (ts.isCallExpression(node) && symbols.tagOfCall(node) === "createApp") {
        calls.push(node);
      }
      ts.forEachChild(node, visit);
    };
    visit(file);
  }

  reportDuplicateRoutes(controllers, sink);
  checkDependencies(
    controllers.map((controller) => controller.node),
    injectionsByClass,
    calls,
    symbols.checker,
    sink,
  );
  const unexported = new Set<ControllerModel>();
  const createAppCalls = calls.map((node): CreateAppCallModel => ({
    node,
    controllers: controllers.map((controller) => referenceToController(controller, node, unexported, sink)),
  }));
  return { controllers, injectables, createAppCalls, shapes: shapes.table(), decorators, errors: [...sink.errors] };
}

/** `reported`: controllers already reported as not exported, once however many createApp() calls need them. */
function referenceToController(controller: ControllerModel, call: ts.CallExpression, reported: Set<ControllerModel>, sink: DiagnosticSink): ValueReference {
  const fromFile = call.getSourceFile().fileName;
  if (controller.fileName === fromFile) return { kind: "local", name: controller.className };
  if (!controller.exported && !reported.has(controller)) {
    reported.add(controller);
    sink.error(
      controller.node.name ?? controller.node,
      HonestCode.ControllerNotExported,
      `${controller.className} must be exported: createApp() in ${path.relative(path.dirname(controller.fileName), fromFile).split(path.sep).join("/")} mounts every controller, and imports it to do so.`,
    );
  }
  return { kind: "module", specifier: relativeSpecifier(fromFile, controller.fileName), exportPath: [controller.className] };
}

function reportStrayRouteDecorators(node: ts.ClassDeclaration, symbols: HonestSymbols, sink: DiagnosticSink): void {
  for (const member of node.members) {
    for (const { decorator } of routeDecorators(member, symbols)) {
      sink.error(
        decorator,
        HonestCode.RouteOutsideController,
        `${node.name?.text ?? "This class"}.${member.name?.getText() ?? "?"} has a route decorator, but ${node.name?.text ?? "the class"} is not a controller; add @Controller() to the class.`,
      );
    }
  }
}

/** Two handlers for one method and path shape (`/a/{x}` and `/a/{y}` are one shape), across the whole program. */
function reportDuplicateRoutes(controllers: readonly ControllerModel[], sink: DiagnosticSink): void {
  const first = new Map<string, string>();
  for (const controller of controllers) {
    for (const route of controller.routes) {
      const shape = `${route.method} ${route.honoPath.replace(/:[^/]+/g, ":")}`;
      const handler = `${controller.className}.${route.member}`;
      const earlier = first.get(shape);
      if (earlier === undefined) first.set(shape, `${route.method} ${route.path} (${handler})`);
      else sink.error(route.decorator, HonestCode.DuplicateRoute, `${route.method} ${route.path} (${handler}) has the same method and path shape as ${earlier}; only one handler can serve it, so change or remove one.`);
    }
  }
}
