import path from "node:path";
import { honoMiddlewareCalls } from "./hono-middleware-calls.js";
import type ts from "typescript";
import type { DiagnosticSink } from "../diagnostics.js";
import { controllerRouteLabel, messages } from "../diagnostic-messages.js";
import type {
  ControllerModel,
  CreateAppCallModel,
  InjectableModel,
  ProgramModel,
  RouteModel,
  ScheduledClassModel,
  ValueReference,
  VersioningModel,
} from "../model.js";
import { analyseController, controllerDecorator, routeDecorators } from "./analyse-controller.js";
import { analyseInjections, type Injection } from "./analyse-injections.js";
import { analyseEnvFields } from "./analyse-env-fields.js";
import { analyseTopicFields, reportTopicClashes } from "./analyse-topic-fields.js";
import { createAnalysisContext, type AnalysisContext } from "./analysis-context.js";
import type { CompilerFacts } from "../facts/compiler-facts.js";
import { checkDependencies } from "./dependency-checks.js";
import { checkRequestScope } from "./request-scope-checks.js";
import { checkGeneratedModuleImports } from "./generated-module-imports.js";
import { reportDuplicateOperationIds, reportSecuritySchemeClashes } from "./openapi-name-checks.js";
import { useDecorators } from "./use-decorators.js";
import { conditionalDecorators } from "./analyse-conditional.js";
import { rateLimitDecorators } from "./analyse-rate-limit.js";
import { lifecycleDecorators } from "./analyse-version.js";
import { relativeSpecifier } from "./value-reference.js";
import { analyseErrorFormat } from "./analyse-error-format.js";
import { analyseSchedules, scheduleDecorators } from "./analyse-schedules.js";

// Analysis of the whole program at once: createApp() must know every
// controller of the compilation, whichever file it is called in. The program
// is read through the compiler's facts (compiler-facts.ts): TypeScript 6's
// checker for the transformer, TypeScript 7's API for generator mode.

/** What a walk of the program's source files finds, before the program-wide checks. */
export interface Discovered {
  readonly controllers: ControllerModel[];
  readonly injectables: InjectableModel[];
  readonly injectionsByClass: Map<ts.ClassDeclaration, Injection[]>;
  readonly createAppCalls: ts.CallExpression[];
  /** Every honest decorator, valid or not: the rewrite removes them all. */
  readonly honestDecorators: ts.Decorator[];
  /** The `@PerRequest()` classes, each with its decorator. */
  readonly perRequest: Map<ts.ClassDeclaration, ts.Decorator>;
  /** The classes with `@Every` or `@Cron` methods the app can run. */
  readonly scheduled: ScheduledClassModel[];
}

/** How the program is built: by the transformer, or by `honest generate` into `generatedModule` (docs/setup/typescript-7.md, "TypeScript 7: generator mode"). */
export interface AnalysisOptions {
  readonly generatedModule?: string;
  /** The plugin entry's `versioning`: in the path unless given (docs/guide/versions.md, "Where the version goes"). */
  readonly versioning?: VersioningModel;
}

export function analyseProgram(facts: CompilerFacts, sink: DiagnosticSink, options: AnalysisOptions = {}): ProgramModel {
  const context = createAnalysisContext(facts, sink, options.versioning);
  const discovered = emptyDiscovered();
  // The program's own source files (not declaration files or libraries), in file name order.
  for (const file of facts.sourceFiles()) discoverFile(context, file, discovered);
  return checkProgram(context, discovered, options);
}

/**
 * The program-wide checks, given what each file's walk found: two routes
 * for one pattern, what the injector could not build, the controllers each
 * createApp() call must be given. The editor runs these on every version
 * of the program, over walks it kept for the files that did not change
 * (program/incremental-diagnostics.ts).
 */
export function checkProgram(context: AnalysisContext, discovered: Discovered, options: AnalysisOptions = {}): ProgramModel {
  const { facts, sink } = context;
  const { controllers, injectables, injectionsByClass, createAppCalls, honestDecorators, perRequest, scheduled } = discovered;
  reportDuplicateRoutes(context, controllers);
  reportDuplicateOperationIds(context, controllers);
  reportSecuritySchemeClashes(context, controllers);
  reportTopicClashes(context, injectables);
  checkDependencies(context, controllers, injectionsByClass, createAppCalls, perRequest);
  const requestScoped = checkRequestScope(context, controllers, injectionsByClass, perRequest);
  if (options.generatedModule !== undefined) {
    checkGeneratedModuleImports(context, options.generatedModule, controllers, injectables, injectionsByClass, scheduled);
  }
  // In generator mode every controller was checked above: createApp() itself imports none.
  const reportedAsUnexported = new Set<ControllerModel | ScheduledClassModel>(
    options.generatedModule !== undefined ? [...controllers, ...scheduled] : [],
  );
  const createAppCallModels = createAppCalls.map(
    (node): CreateAppCallModel => ({
      node,
      controllers: controllers.map((controller) => referenceToController(context, controller, node, reportedAsUnexported)),
      scheduled: scheduled.map((component) => referenceToController(context, component, node, reportedAsUnexported)),
      servesOpenapi: asksForOpenapi(facts, node),
    }),
  );
  const errorFormat = analyseErrorFormat(context, createAppCalls);
  return {
    controllers,
    injectables,
    createAppCalls: createAppCallModels,
    scheduled,
    ...(errorFormat && { errorFormat }),
    honoMiddlewareCalls: options.generatedModule === undefined ? honoMiddlewareCalls(facts, createAppCalls, controllers) : new Map(),
    shapes: context.shapes.table(),
    decorators: honestDecorators,
    requestScoped,
    errors: [...sink.errors],
    // Only where some route has a version: a program without one is as it was (docs/guide/versions.md, "Versions").
    ...(controllers.some((controller) => controller.routes.some((route) => route.version !== undefined)) && {
      versioning: context.versioning,
    }),
  };
}

export function emptyDiscovered(): Discovered {
  return {
    controllers: [],
    injectables: [],
    injectionsByClass: new Map(),
    createAppCalls: [],
    honestDecorators: [],
    perRequest: new Map(),
    scheduled: [],
  };
}

/** Walks one source file: its classes as controllers and injectables, its createApp() calls; adds them to `discovered`. */
export function discoverFile(context: AnalysisContext, file: ts.SourceFile, discovered: Discovered): void {
  const { syntax } = context.facts;
  const visit = (node: ts.Node): void => {
    if (syntax.isClassDeclaration(node)) {
      analyseClass(context, node, discovered);
    } else if (syntax.isCallExpression(node) && context.symbols.tagOfCall(node) === "createApp") {
      discovered.createAppCalls.push(node);
    }
    syntax.forEachChild(node, visit);
  };
  visit(file);
}

/** A class as a controller (or a class with stray route decorators) and as an injectable. */
function analyseClass(context: AnalysisContext, node: ts.ClassDeclaration, discovered: Discovered): void {
  const decorator = controllerDecorator(context.symbols, node);
  if (decorator) discovered.honestDecorators.push(decorator);
  const perRequest = perRequestDecorator(context, node);
  if (perRequest) {
    discovered.honestDecorators.push(perRequest);
    if (node.name) discovered.perRequest.set(node, perRequest);
  }
  discovered.honestDecorators.push(...useDecorators(context.symbols, node), ...rateLimitDecorators(context.symbols, node));
  for (const member of node.members) {
    discovered.honestDecorators.push(...routeDecorators(context.symbols, member).map((route) => route.decorator));
    discovered.honestDecorators.push(...useDecorators(context.symbols, member), ...rateLimitDecorators(context.symbols, member));
    discovered.honestDecorators.push(...conditionalDecorators(context.symbols, member).map((found) => found.decorator));
    discovered.honestDecorators.push(...scheduleDecorators(context.symbols, member).map((schedule) => schedule.decorator));
  }
  const scheduled = analyseSchedules(context, node, { controller: decorator !== undefined, perRequest: perRequest !== undefined });
  if (scheduled) discovered.scheduled.push(scheduled);
  if (decorator) {
    const controller = analyseController(context, node, decorator);
    if (controller) discovered.controllers.push(controller);
  } else {
    reportStrayRouteDecorators(context, node);
  }
  const injections = analyseInjections(context, node);
  const envFields = analyseEnvFields(context, node);
  const topicFields = analyseTopicFields(context, node, perRequest !== undefined);
  if ((injections.length > 0 || perRequest || envFields.length > 0 || topicFields.length > 0) && node.name) {
    if (injections.length > 0) discovered.injectionsByClass.set(node, injections);
    discovered.injectables.push({
      node,
      fileName: node.getSourceFile().fileName,
      className: node.name.text,
      injections: injections.map(({ field, component, current }) => ({ field, component, ...(current && { current }) })),
      ...(perRequest && { perRequest: true }),
      envFields,
      topicFields,
    });
  }
}

/** `@PerRequest()` on a class (docs/guide/request-scope.md, "Work that lives for one request"). */
function perRequestDecorator(context: AnalysisContext, node: ts.ClassDeclaration): ts.Decorator | undefined {
  const { syntax } = context.facts;
  return syntax
    .decoratorsOf(node)
    .find((decorator) => syntax.isCallExpression(decorator.expression) && context.symbols.tagOfCall(decorator.expression) === "PerRequest");
}

/**
 * Whether a `createApp(options)` call may ask for `openapi`: its options'
 * type has the property (an object literal that writes it, or options typed
 * `AppOptions`), so the call is given the document to serve.
 */
function asksForOpenapi(facts: CompilerFacts, call: ts.CallExpression): boolean {
  const options = call.arguments[0];
  return options !== undefined && facts.property(facts.typeAt(options), "openapi") !== undefined;
}

/** Each controller's or scheduled class's reference from the files that call createApp(), made once: the editor checks the program on every edit. */
const references = new WeakMap<ControllerModel | ScheduledClassModel, Map<string, ValueReference>>();

/** `reportedAsUnexported`: classes already reported as not exported, once however many createApp() calls need them. */
function referenceToController(
  context: AnalysisContext,
  controller: ControllerModel | ScheduledClassModel,
  call: ts.CallExpression,
  reportedAsUnexported: Set<ControllerModel | ScheduledClassModel>,
): ValueReference {
  const fromFile = call.getSourceFile().fileName;
  if (controller.fileName === fromFile) return { kind: "local", name: controller.className };
  if (!controller.exported && !reportedAsUnexported.has(controller)) {
    reportedAsUnexported.add(controller);
    const createAppFile = path.relative(path.dirname(controller.fileName), fromFile).split(path.sep).join("/");
    context.sink.error(
      controller.node.name ?? controller.node,
      "routes" in controller
        ? messages.ControllerNotExported.forCreateApp({ className: controller.className, createAppFile })
        : messages.Schedule.notExported({ className: controller.className, createAppFile }),
    );
  }
  let byFile = references.get(controller);
  if (!byFile) references.set(controller, (byFile = new Map()));
  let reference = byFile.get(fromFile);
  if (!reference) {
    reference = { kind: "module", specifier: relativeSpecifier(fromFile, controller.fileName), exportPath: [controller.className] };
    byFile.set(fromFile, reference);
  }
  return reference;
}

function reportStrayRouteDecorators(context: AnalysisContext, node: ts.ClassDeclaration): void {
  const className = node.name?.text;
  for (const decorator of [node, ...node.members].flatMap((target) => useDecorators(context.symbols, target))) {
    context.sink.error(decorator, messages.UseOutsideController({ className }));
  }
  for (const decorator of [node, ...node.members].flatMap((target) => rateLimitDecorators(context.symbols, target))) {
    context.sink.error(decorator, messages.RateLimit.outsideController({ className }));
  }
  for (const target of [node, ...node.members]) {
    for (const tag of ["Version", "Sunset"] as const) {
      for (const decorator of lifecycleDecorators(context.symbols, target, tag)) {
        context.sink.error(decorator, messages.Versions.outsideController({ on: className ?? "This class", decorator: tag }));
      }
    }
  }
  for (const member of node.members) {
    for (const { decorator, tag } of conditionalDecorators(context.symbols, member)) {
      context.sink.error(decorator, messages.ConditionalRequest.outsideController({ className, decorator: tag }));
    }
    for (const { decorator } of routeDecorators(context.symbols, member)) {
      context.sink.error(decorator, messages.RouteOutsideController({ className, member: member.name?.getText() ?? "?" }));
    }
  }
}

/** Each route's method and path pattern (`GET /a/:`), made once per route: the editor checks the program on every edit. */
const routePatterns = new WeakMap<RouteModel, string>();

function routePatternOf(route: RouteModel): string {
  let pattern = routePatterns.get(route);
  if (pattern === undefined) {
    pattern = `${route.method} ${route.honoPath.replace(/:[^/]+/g, ":")}`;
    routePatterns.set(route, pattern);
  }
  return pattern;
}

/** Two handlers for one method and path pattern (`/a/{x}` and `/a/{y}` are one), across the whole program. */
function reportDuplicateRoutes(context: AnalysisContext, controllers: readonly ControllerModel[]): void {
  // Labels are made only for a duplicate: the editor runs this on every edit (program/incremental-diagnostics.ts).
  const firstByRoutePattern = new Map<string, { readonly controller: ControllerModel; readonly route: RouteModel }>();
  // With versions in a header, one path has a route per version, and a route without one answers them all.
  const byHeader = context.versioning.in === "header";
  const unversioned = new Map<string, { readonly controller: ControllerModel; readonly route: RouteModel }>();
  const versioned = new Map<string, { readonly controller: ControllerModel; readonly route: RouteModel }>();
  for (const controller of controllers) {
    for (const route of controller.routes) {
      const pattern = routePatternOf(route);
      if (byHeader) {
        const [mine, theirs] = route.version === undefined ? [unversioned, versioned] : [versioned, unversioned];
        const other = theirs.get(pattern);
        if (other && !mine.has(pattern)) {
          const [plain, withVersion] = route.version === undefined ? [{ controller, route }, other] : [other, { controller, route }];
          context.sink.error(
            route.decorator,
            messages.Versions.sharedPath({
              route: controllerRouteLabel(plain.controller, plain.route),
              earlier: controllerRouteLabel(withVersion.controller, withVersion.route),
            }),
          );
          continue;
        }
        if (!mine.has(pattern)) mine.set(pattern, { controller, route });
      }
      const routePattern = byHeader && route.version !== undefined ? `${pattern} ${route.version}` : pattern;
      const earlier = firstByRoutePattern.get(routePattern);
      if (earlier === undefined) firstByRoutePattern.set(routePattern, { controller, route });
      else
        context.sink.error(
          route.decorator,
          messages.DuplicateRoute({
            route: controllerRouteLabel(controller, route),
            earlier: controllerRouteLabel(earlier.controller, earlier.route),
          }),
        );
    }
  }
}
