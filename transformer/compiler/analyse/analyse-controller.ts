import type ts from "typescript";
import { messages, onRoute, routeLabel } from "../diagnostic-messages.js";
import { isHttpMethod } from "../../../runtime/common/http-method.js";
import type { ControllerModel, HandlerParameterModel, HttpMethod, RateLimitModel, ResponseModel, RouteModel } from "../model.js";
import { analyseRateLimit, rateLimitDecorators } from "./analyse-rate-limit.js";
import { analyseConditional, reportConditionalWithoutRoute } from "./analyse-conditional.js";
import { analyseParameters } from "./analyse-parameters.js";
import { analysePaging } from "./analyse-paging.js";
import { analyseResponse } from "./analyse-response.js";
import { analyseSocket } from "./analyse-socket.js";
import type { AnalysisContext } from "./analysis-context.js";
import type { HonestSymbols } from "./honest-symbols.js";
import { docCommentOfDeclaration } from "./doc-comments.js";
import { decoratorCalls } from "./honest-decorators.js";
import { joinPaths } from "../../../runtime/common/join-paths.js";
import { parseRoutePath } from "./route-path.js";
import { canRunSynchronously } from "./synchronous-handler.js";
import { middlewareOf, useDecorators } from "./use-decorators.js";
import {
  checkedVersion,
  type DeclaredLifecycle,
  declaredLifecycle,
  handlerVersion,
  lifecycleDecorators,
  routeLifecycle,
} from "./analyse-version.js";

const ROUTE_TAG = /^route (\w+)$/;
const SOCKET_TAG = "socket";

interface RouteDecorator {
  readonly decorator: ts.Decorator;
  readonly call: ts.CallExpression;
  readonly method: HttpMethod;
  /** `@Socket(path)`: a WebSocket route, opened by a GET (analyse-socket.ts). */
  readonly socket: boolean;
}

/** The route decorators (`@Get(...)`, ..., `@Socket(...)`) on a class member. */
export function routeDecorators(symbols: HonestSymbols, member: ts.ClassElement): RouteDecorator[] {
  const found: RouteDecorator[] = [];
  for (const { decorator, call } of decoratorCalls(symbols.facts.syntax, member)) {
    const tag = symbols.tagOfCall(call) ?? "";
    const method = ROUTE_TAG.exec(tag)?.[1];
    if (method !== undefined && isHttpMethod(method)) found.push({ decorator, call, method, socket: false });
    else if (tag === SOCKET_TAG) found.push({ decorator, call, method: "GET", socket: true });
  }
  return found;
}

/** The `@Controller(...)` decorator of a class, if it has one. */
export function controllerDecorator(symbols: HonestSymbols, node: ts.ClassDeclaration): ts.Decorator | undefined {
  const { syntax } = symbols.facts;
  return syntax
    .decoratorsOf(node)
    .find((decorator) => syntax.isCallExpression(decorator.expression) && symbols.tagOfCall(decorator.expression) === "Controller");
}

export function analyseController(
  context: AnalysisContext,
  node: ts.ClassDeclaration,
  decorator: ts.Decorator,
): ControllerModel | undefined {
  const { sink } = context;
  if (!node.name) {
    sink.error(decorator, messages.ControllerOptions.unnamed());
    return undefined;
  }
  const className = node.name.text;
  const options = controllerOptions(context, decorator.expression as ts.CallExpression, className);
  if (options === undefined) return undefined;
  const { prefix } = options;
  for (const misplaced of lifecycleDecorators(context.symbols, node, "Version")) {
    sink.error(misplaced, messages.Versions.versionOnClass({ on: className }));
  }
  const classLifecycle = declaredLifecycle(context, node, className);
  const routes: RouteModel[] = [];
  // The class's limit applies to each of its routes, each counted on its own; a handler's own replaces it.
  const classLimit = analyseRateLimit(context, node, className) || undefined;
  for (const member of node.members) {
    const decorators = routeDecorators(context.symbols, member);
    if (decorators.length === 0) {
      reportUseWithoutRoute(context, member, className);
      reportRateLimitWithoutRoute(context, member, className);
      reportLifecycleWithoutRoute(context, member, className);
      reportConditionalWithoutRoute(context, member, className);
      continue;
    }
    if (decorators.length > 1) {
      const handler = `${className}.${member.name?.getText() ?? "?"}`;
      sink.error(decorators[1]!.decorator, messages.SeveralRouteDecorators({ handler, count: decorators.length }));
      continue;
    }
    const route = analyseRoute(context, member, decorators[0]!, className, prefix, classLimit);
    const versioned = route && classLifecycle && versionedRoute(context, route, options.version, classLifecycle, className);
    if (versioned) routes.push(versioned);
  }
  const exported = context.facts.syntax.hasModifier(node, "export");
  const use = middlewareOf(useDecorators(context.symbols, node));
  const doc = docCommentOfDeclaration(context.facts, node);
  return { node, fileName: node.getSourceFile().fileName, className, exported, prefix, use, routes, ...(doc && { doc }) };
}

/** `@Controller({ prefix, version })`, checked: undefined when wrong (reported). */
function controllerOptions(
  context: AnalysisContext,
  call: ts.CallExpression,
  className: string,
): { readonly prefix: string; readonly version?: string } | undefined {
  const { sink } = context;
  const { syntax } = context.facts;
  const options = call.arguments[0];
  if (!options) return { prefix: "" };
  if (!syntax.isObjectLiteralExpression(options) || call.arguments.length > 1) {
    sink.error(options, messages.ControllerOptions.options({ className }));
    return undefined;
  }
  let prefix = "";
  let version: string | undefined;
  for (const property of options.properties) {
    if (syntax.isPropertyAssignment(property) && property.name.getText() === "version") {
      version = checkedVersion(context, property.initializer, className, context.versioning, property);
      if (version === undefined) return undefined;
      continue;
    }
    if (
      !syntax.isPropertyAssignment(property) ||
      property.name.getText() !== "prefix" ||
      !syntax.isStringLiteralLike(property.initializer)
    ) {
      sink.error(property, messages.ControllerOptions.options({ className }));
      return undefined;
    }
    prefix = property.initializer.text;
  }
  // A trailing '/' is dropped when joining ("/api/" + "/todos" is "/api/todos").
  const parsed = parseRoutePath(prefix.replace(/\/$/, ""));
  if (prefix !== "" && prefix !== "/" && (!parsed.ok || parsed.placeholders.length > 0)) {
    sink.error(options, messages.MalformedPath.prefix({ className, prefix }));
    return undefined;
  }
  return { prefix, ...(version !== undefined && { version }) };
}

/**
 * The route with its version and lifecycle (docs/guide/versions.md, "Versions"): with versions in the path, a
 * versioned route's path starts with `/v` and its version; undefined when they are wrong (reported).
 */
function versionedRoute(
  context: AnalysisContext,
  route: RouteModel,
  controllerVersion: string | undefined,
  classLifecycle: DeclaredLifecycle,
  className: string,
): RouteModel | undefined {
  const on = `${className}.${route.member}`;
  const own = handlerVersion(context, route.declaration, on, context.versioning);
  const ownLifecycle = declaredLifecycle(context, route.declaration, on);
  if (own === false || ownLifecycle === false) return undefined;
  const lifecycle = routeLifecycle(context, ownLifecycle, classLifecycle, on);
  if (lifecycle === false) return undefined;
  const version = own ?? controllerVersion;
  const inPath = version !== undefined && context.versioning.in === "path" ? `/v${version}` : "";
  return {
    ...route,
    ...(inPath !== "" && { path: joinPaths(inPath, route.path), honoPath: joinPaths(inPath, route.honoPath) }),
    ...(version !== undefined && { version }),
    ...(version !== undefined && context.versioning.in === "header" && { versionHeader: context.versioning.header }),
    ...(lifecycle && { lifecycle }),
  };
}

function analyseRoute(
  context: AnalysisContext,
  member: ts.ClassElement,
  routeDecorator: RouteDecorator,
  className: string,
  prefix: string,
  classLimit: RateLimitModel | undefined,
): RouteModel | undefined {
  const { method, socket } = routeDecorator;
  const { syntax } = context.facts;
  const memberName =
    member.name && (syntax.isIdentifier(member.name) || syntax.isStringLiteral(member.name)) ? member.name.text : undefined;
  const handlerName = `${className}.${memberName ?? member.name?.getText() ?? "?"}`;
  const routePath = analyseRoutePath(context, routeDecorator, prefix, handlerName);
  if (!routePath) return undefined;
  const label = routeLabel({ method: socket ? "WS" : method, path: routePath.path, handler: handlerName });
  const handler = handlerMethod(context, member, memberName, label);
  if (!handler) return undefined;
  const ownLimit = analyseRateLimit(context, handler.declaration, handlerName);
  const rateLimit = ownLimit === undefined ? classLimit : ownLimit || undefined;
  const parameters = analyseParameters(context, handler.declaration, label, routePath.placeholders, socket);
  if (socket) {
    const messages = analyseSocket(context, handler.declaration, label);
    const conditional = parameters && analyseConditional(context, handler.declaration, method, true, parameters, NO_ANSWER, label);
    if (!parameters || !messages || conditional === false) return undefined;
    return { ...routeOf(context, routePath, handler, routeDecorator, parameters, NO_ANSWER, label, rateLimit), socket: messages };
  }
  const response = analyseResponse(context, handler.declaration, label);
  if (response && "mistake" in response) {
    context.sink.error(response.node, onRoute(label, response.mistake));
    return undefined;
  }
  if (!parameters || !response) return undefined;
  if (method === "GET" || method === "DELETE") {
    reportBodyOnBodilessMethod(context, handler.declaration, method, label);
    if (reportFormOnBodilessMethod(context, handler.declaration, method, label)) return undefined;
  }
  const paged = analysePaging(context, handler.declaration, method, parameters, response.response);
  if ("mistake" in paged) {
    context.sink.error(paged.node, onRoute(label, paged.mistake));
    return undefined;
  }
  const conditional = analyseConditional(context, handler.declaration, method, false, paged.parameters, response.response, label);
  if (conditional === false) return undefined;
  const route = routeOf(context, routePath, handler, routeDecorator, paged.parameters, response.response, label, rateLimit);
  return { ...route, ...(paged.paging && { paging: paged.paging }), ...(conditional && { conditional }) };
}

/** A socket route answers nothing itself: what it would answer, it sends on the connection. */
const NO_ANSWER: ResponseModel = { json: undefined, status: false, response: false };

function routeOf(
  context: AnalysisContext,
  routePath: { readonly path: string; readonly honoPath: string; readonly declaredPath: string },
  handler: { readonly declaration: ts.MethodDeclaration; readonly name: string },
  { decorator, method, socket }: RouteDecorator,
  parameters: readonly HandlerParameterModel[],
  response: ResponseModel,
  label: string,
  rateLimit: RateLimitModel | undefined,
): RouteModel {
  const use = useDecorators(context.symbols, handler.declaration);
  const doc = docCommentOfDeclaration(context.facts, handler.declaration);
  if (doc?.operationId !== undefined && !/^\S+$/.test(doc.operationId)) {
    context.sink.error(handler.declaration.name, onRoute(label, messages.OperationDocTag.operationIdWord({ written: doc.operationId })));
  }
  return {
    method,
    path: routePath.path,
    honoPath: routePath.honoPath,
    declaredPath: routePath.declaredPath,
    member: handler.name,
    declaration: handler.declaration,
    // A stream's sender takes the iterable once the handler has returned it (docs/guide/streams.md, "Streams");
    // a socket's handler runs as long as its connection, called when it opens: never in the request's turn.
    // A page's sender reads the answer once it has settled, as a stream's does.
    synchronous:
      !socket &&
      response.stream === undefined &&
      !response.paged &&
      canRunSynchronously(context.facts, handler.declaration, [decorator, ...use]),
    decorator,
    use: middlewareOf(use),
    parameters,
    response,
    ...(doc && { doc }),
    ...(rateLimit && { rateLimit }),
  };
}

/** The route decorator's path, checked and joined to the controller's prefix, in both syntaxes. */
function analyseRoutePath(
  context: AnalysisContext,
  { call, method, socket }: RouteDecorator,
  prefix: string,
  handlerName: string,
):
  | { readonly path: string; readonly honoPath: string; readonly declaredPath: string; readonly placeholders: readonly string[] }
  | undefined {
  const argument = call.arguments[0];
  if (!argument || call.arguments.length > 1 || !context.facts.syntax.isStringLiteralLike(argument)) {
    context.sink.error(argument ?? call, messages.PathNotStringLiteral({ handler: handlerName, decorator: call.expression.getText() }));
    return undefined;
  }
  const path = joinPaths(prefix, argument.text);
  const parsed = parseRoutePath(argument.text);
  if (!parsed.ok) {
    context.sink.error(argument, onRoute(routeLabel({ method: socket ? "WS" : method, path, handler: handlerName }), parsed.mistake));
    return undefined;
  }
  return { path, honoPath: joinPaths(prefix, parsed.honoPath), declaredPath: argument.text, placeholders: parsed.placeholders };
}

/** The decorated member as a handler: an instance method with a plain name, `async` if it declares a Promise. */
function handlerMethod(
  context: AnalysisContext,
  member: ts.ClassElement,
  memberName: string | undefined,
  label: string,
): { readonly declaration: ts.MethodDeclaration; readonly name: string } | undefined {
  const { syntax } = context.facts;
  if (!syntax.isMethodDeclaration(member) || memberName === undefined || syntax.hasModifier(member, "static")) {
    context.sink.error(member.name ?? member, onRoute(label, messages.HandlerNotAsyncMethod.notAMethod()));
    return undefined;
  }
  if (member.type && !syntax.hasModifier(member, "async") && context.symbols.isPromiseAnnotation(member.type)) {
    context.sink.error(member.name, onRoute(label, messages.HandlerNotAsyncMethod.notAsync({ member: memberName })));
    return undefined;
  }
  return { declaration: member, name: memberName };
}

/** A warning, not an error: HTTP allows the body, but clients, proxies and caches commonly drop or refuse it. */
function reportBodyOnBodilessMethod(
  context: AnalysisContext,
  handler: ts.MethodDeclaration,
  method: "GET" | "DELETE",
  label: string,
): void {
  const body = handler.parameters.find((parameter) => parameter.type && context.symbols.markerOf(parameter.type)?.tag === "Json");
  if (!body) return;
  context.sink.warning(body, onRoute(label, messages.BodyOnBodilessMethod({ method })));
}

/**
 * An error, unlike Json<T>'s warning: a browser sends a form with
 * method="get" in the query string, so a `Form<T>` on a GET would never be
 * filled, and no HTML form sends a DELETE at all (docs/guide/forms-and-uploads.md, "Forms and file uploads").
 */
function reportFormOnBodilessMethod(
  context: AnalysisContext,
  handler: ts.MethodDeclaration,
  method: "GET" | "DELETE",
  label: string,
): boolean {
  const form = handler.parameters.find((parameter) => parameter.type && context.symbols.markerOf(parameter.type)?.tag === "Form");
  if (!form) return false;
  context.sink.error(form, onRoute(label, messages.FormOnBodilessMethod({ method })));
  return true;
}

/** `@Use` on a member that serves no route would silently do nothing. */
function reportUseWithoutRoute(context: AnalysisContext, member: ts.ClassElement, className: string): void {
  for (const decorator of useDecorators(context.symbols, member)) {
    context.sink.error(decorator, messages.UseWithoutRoute({ handler: `${className}.${member.name?.getText() ?? "?"}` }));
  }
}

/** `@Version` and `@Sunset` on a member that serves no route would apply to nothing. */
function reportLifecycleWithoutRoute(context: AnalysisContext, member: ts.ClassElement, className: string): void {
  for (const decorator of ["Version", "Sunset"] as const) {
    for (const found of lifecycleDecorators(context.symbols, member, decorator)) {
      context.sink.error(found, messages.Versions.withoutRoute({ on: `${className}.${member.name?.getText() ?? "?"}`, decorator }));
    }
  }
}

/** `@RateLimit` on a member that serves no route would limit nothing. */
function reportRateLimitWithoutRoute(context: AnalysisContext, member: ts.ClassElement, className: string): void {
  for (const decorator of rateLimitDecorators(context.symbols, member)) {
    context.sink.error(decorator, messages.RateLimit.withoutRoute({ handler: `${className}.${member.name?.getText() ?? "?"}` }));
  }
}
