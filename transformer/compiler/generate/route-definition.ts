import type ts from "typescript";
import type { DefinedRoute, RateLimitDefinition } from "../../../runtime/internal.js";
import { honoPathOf } from "../../../runtime/common/route-names.js";
import type { GenerationContext } from "./generation-context.js";
import { objectOf } from "./protocol.js";
import { routeHandlerFactory, routeHandlerFactoryName } from "./route-handler.js";
import { operationIdOf } from "../operation-names.js";
import type { ControllerModel, RouteModel } from "../model.js";

// One route's entry in a controller definition (DefinedRoute, whose keys
// these are), on one line, naming the factory of its handler, a function
// declared after the definition (route-handler.ts); so the definition reads
// as the controller's table of routes. What follows from the rest is left
// out (runtime/common/route-names.ts): the Hono path where it is the path's
// own, the name of a synchronous handler's copy.
//
//   { method: "GET", path: "/items/{id}", member: "get", operationId: "ItemController_get", synchronous: true, handler: __honest_route_ItemController_get }
//
// The operationId is the document's (operation-names.ts), which the route's
// spans carry (docs/guide/logs-and-traces.md, "Traces").

export interface RouteEntry {
  readonly definition: ts.ObjectLiteralExpression;
  /** The handler's factory, which `definition` names. */
  readonly factory: ts.FunctionDeclaration;
}

export function routeDefinition(route: RouteModel, controller: ControllerModel, generation: GenerationContext): RouteEntry {
  const { className } = controller;
  const { str, array, id, bool, num } = generation.nodes;
  const name = generation.routeFactoryNames.take(routeHandlerFactoryName(route, className));
  const definition = objectOf<DefinedRoute>(generation.nodes, {
    method: str(route.method),
    path: str(route.path),
    // Left out where the runtime's reading of `path` gives it.
    honoPath: route.honoPath === honoPathOf(route.path) ? undefined : str(route.honoPath),
    member: str(route.member),
    operationId: str(operationIdOf(controller, route)),
    use: route.use.length > 0 ? array(route.use.map((each) => generation.middleware(each))) : undefined,
    synchronous: route.synchronous ? bool(true) : undefined,
    answersWithResponse: route.response.response ? bool(true) : undefined,
    socket: route.socket ? bool(true) : undefined,
    // Only a route whose components reach a @PerRequest() one (docs/guide/request-scope.md, "What it costs").
    requestScope: generation.requestScoped.has(route.declaration) ? bool(true) : undefined,
    rateLimit: route.rateLimit
      ? objectOf<RateLimitDefinition>(generation.nodes, { limit: num(route.rateLimit.limit), window: num(route.rateLimit.window) })
      : undefined,
    version: route.version === undefined ? undefined : str(route.version),
    versionHeader: route.versionHeader === undefined ? undefined : str(route.versionHeader),
    lifecycleHeaders: lifecycleHeadersOf(route, generation),
    handler: id(name),
  });
  return { definition, factory: routeHandlerFactory(route, className, name, generation) };
}

/** A deprecated route's `Deprecation`, `Sunset` and successor `Link`, as its answers carry them (docs/guide/versions.md, "Deprecating a route"). */
function lifecycleHeadersOf(route: RouteModel, generation: GenerationContext): ts.ObjectLiteralExpression | undefined {
  const lifecycle = route.lifecycle;
  if (!lifecycle || (lifecycle.deprecation === undefined && lifecycle.sunset === undefined)) return undefined;
  const { str } = generation.nodes;
  return objectOf<{ readonly deprecation?: string; readonly sunset?: string; readonly link?: string }>(generation.nodes, {
    deprecation: lifecycle.deprecation === undefined ? undefined : str(lifecycle.deprecation),
    sunset: lifecycle.sunset === undefined ? undefined : str(lifecycle.sunset),
    link: lifecycle.successor === undefined ? undefined : str(`<${lifecycle.successor}>; rel="successor-version"`),
  });
}
