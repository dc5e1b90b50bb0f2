import ts from "typescript";
import { HonestCode, type DiagnosticSink } from "../diagnostics.js";
import { isHttpMethod } from "../../runtime/common/http-method.js";
import type { ControllerModel, HttpMethod, RouteModel } from "../model.js";
import type { HonestSymbols } from "./honest-symbols.js";
import { analyseParameters } from "./analyse-parameters.js";
import { analyseResponse } from "./analyse-response.js";
import type { JsonShapes } from "./json-shapes.js";
import { joinPaths, parseRoutePath } from "./route-path.js";
import { canRunSynchronously } from "./synchronous-handler.js";

const ROUTE_TAG = /^route (\w+)$/;

interface RouteDecorator {
  readonly decorator: ts.Decorator;
  readonly call: ts.CallExpression;
  readonly method: HttpMethod;
}

/** The route decorators (`@Get(...)`, ...) on a class member. */
export function routeDecorators(member: ts.ClassElement, symbols: HonestSymbols): RouteDecorator[] {
  const found: RouteDecorator[] = [];
  for (const decorator of (ts.canHaveDecorators(member) && ts.getDecorators(member)) || []) {
    if (!ts.isCallExpression(decorator.expression)) continue;
    const method = ROUTE_TAG.exec(symbols.tagOfCall(decorator.expression) ?? "")?.[1];
    if (method !== undefined && isHttpMethod(method)) found.push({ decorator, call: decorator.expression, method });
  }
  return found;
}

/** The `@Controller(...)` decorator of a class, if it has one. */
export function controllerDecorator(node: ts.ClassDeclaration, symbols: HonestSymbols): ts.Decorator | undefined {
  return ts.getDecorators(node)?.find(
    (decorator) => ts.isCallExpression(decorator.expression) && symbols.tagOfCall(decorator.expression) === "Controller",
  );
}

export function analyseController(
  node: ts.ClassDeclaration,
  decorator: ts.Decorator,
  symbols: HonestSymbols,
  shapes: JsonShapes,
  sink: DiagnosticSink,
): ControllerModel | undefined {
  if (!node.name) {
    sink.error(decorator, HonestCode.ControllerOptions, "A @Controller class needs a name; it is printed in the route table and used to mount it.");
    return undefined;
  }
  const className = node.name.text;
  const prefix = controllerPrefix(decorator.expression as ts.CallExpression, className, sink);
  if (prefix === undefined) return undefined;
  const routes: RouteModel[] = [];
  for (const member of node.members) {
    const decorators = routeDecorators(member, symbols);
    if (decorators.length === 0) continue;
    if (decorators.length > 1) {
      sink.error(decorators[1]!.decorator, HonestCode.SeveralRouteDecorators, `${className}.${member.name?.getText() ?? "?"} has ${decorators.length} route decorators; a handler serves exactly one route, so keep one and move the others to methods of their own.`);
      continue;
    }
    const route = analyseRoute(member, decorators[0]!, className, prefix, symbols, shapes, sink);
    if (route) routes.push(route);
  }
  const exported = node.modifiers?.some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword) ?? false;
  return { node, fileName: node.getSourceFile().fileName, className, exported, routes };
}

function controllerPrefix(call: ts.CallExpression, className: string, sink: DiagnosticSink): string | undefined {
  const options = call.arguments[0];
  if (!options) return "";
  const usage = `write @Controller() or @Controller({ prefix: "/path" }) with a string literal`;
  if (!ts.isObjectLiteralExpression(options) || call.arguments.length > 1) {
    sink.error(options, HonestCode.ControllerOptions, `${className}: ${usage}.`);
    return undefined;
  }
  let prefix = "";
  for (const property of options.properties) {
    if (!ts.isPropertyAssignment(property) || property.name.getText() !== "prefix" || !ts.isStringLiteralLike(property.initializer)) {
      sink.error(property, HonestCode.ControllerOptions, `${className}: ${usage}.`);
      return undefined;
    }
    prefix = property.initializer.text;
  }
  // A trailing '/' is dropped when joining ("/api/" + "/todos" is "/api/todos").
  const parsed = parseRoutePath(prefix.replace(/\/$/, ""));
  if (prefix !== "" && prefix !== "/" && (!parsed.ok || parsed.placeholders.length > 0)) {
    sink.error(options, HonestCode.MalformedPath, `${className}: the prefix '${prefix}' must start with '/' and contain no placeholders, as in "/api".`);
    return undefined;
  }
  return prefix;
}

function analyseRoute(
  member: ts.ClassElement,
  { decorator, call, method }: RouteDecorator,
  className: string,
  prefix: string,
  symbols: HonestSymbols,
  shapes: JsonShapes,
  sink: DiagnosticSink,
): RouteModel | undefined {
  const memberName = member.name && (ts.isIdentifier(member.name) || ts.isStringLiteral(member.name)) ? member.name.text : undefined;
  const handlerName = `${className}.${memberName ?? member.name?.getText() ?? "?"}`;
  const argument = call.arguments[0];
  if (!argument || call.arguments.length > 1 || !ts.isStringLiteralLike(argument)) {
    sink.error(argument ?? call, HonestCode.PathNotStringLiteral, `${handlerName}: the route path must be one string literal, as in @${call.expression.getText()}("/items/{id}").`);
    return undefined;
  }
  const effectivePath = joinPaths(prefix, argument.text);
  const route = `${method} ${effectivePath}`;
  const parsed = parseRoutePath(argument.text);
  if (!parsed.ok) {
    sink.error(argument, HonestCode.MalformedPath, `${route} (${handlerName}): the path '${argument.text}' ${parsed.problem}.`);
    return undefined;
  }
  if (!ts.isMethodDeclaration(member) || memberName === undefined || member.modifiers?.some((modifier) => modifier.kind === ts.SyntaxKind.StaticKeyword)) {
    sink.error(member.name ?? member, HonestCode.HandlerShape, `${route} (${handlerName}): a route decorator belongs on an instance method with a plain name.`);
    return undefined;
  }
  const label = `${route} (${handlerName})`;
  if (member.type && !member.modifiers?.some((modifier) => modifier.kind === ts.SyntaxKind.AsyncKeyword) && symbols.isPromiseAnnotation(member.type)) {
    sink.error(member.name, HonestCode.HandlerShape, `${label}: a handler must be an async method; add 'async' before '${memberName}'.`);
    return undefined;
  }
  const parameters = analyseParameters(member, label, parsed.placeholders, symbols, shapes, sink);
  const response = analyseResponse(member, label, symbols, shapes, sink);
  if (response && "problem" in response) {
    sink.error(response.node, HonestCode.ReturnType, `${label}: the handler ${response.problem}.`);
    return undefined;
  }
  if (!parameters || !response) return undefined;
  if (method === "GET" || method === "DELETE") reportBodyOnBodilessMethod(member, method, label, symbols, sink);
  return {
    method,
    path: effectivePath,
    honoPath: joinPaths(prefix, parsed.honoPath),
    member: memberName,
    declaration: member,
    synchronous: canRunSynchronously(member, decorator, symbols.checker),
    decorator,
    parameters,
    response: response.response,
  };
}

/** A warning, not an error: HTTP allows the body, but clients, proxies and caches commonly drop or refuse it. */
function reportBodyOnBodilessMethod(member: ts.MethodDeclaration, method: "GET" | "DELETE", label: string, symbols: HonestSymbols, sink: DiagnosticSink): void {
  const body = member.parameters.find((parameter) => parameter.type && symbols.markerOf(parameter.type)?.tag === "Json");
  if (!body) return;
  sink.warning(
    body,
    HonestCode.BodyOnBodilessMethod,
    `${label}: a ${method} request has no body by convention, and many clients and proxies drop one; take the input from the path (Path<T>) or the query (Context), or make the route a POST.`,
  );
}
