import type ts from "typescript";
import type { RouteModel } from "../model.js";
import { array, object, str } from "./factories/nodes.js";
import type { ModuleImports } from "./module-imports.js";
import type { ShapeFunctions } from "./programmers/shape-functions.js";
import type { InputReaders } from "./input-readers.js";
import { routeHandlerFactory } from "./route-handler.js";
import { synchronousCopyName } from "./synchronous-copy-name.js";

// One route's entry in a controller definition: the facts createApp needs on
// one line, then the factory of its handler (route-handler.ts):
//
//   { method: "GET", path: "/items/{id}", honoPath: "/items/:id", member: "get", synchronousCopy: "__honest_sync_get", handler: ... }
//
// The code stays this small on purpose: at thousands of routes, printing the
// generated code is most of what honest adds to a build (BENCHMARKS.md).

export function routeDefinition(
  route: RouteModel,
  imports: ModuleImports,
  functions: ShapeFunctions,
  readers: InputReaders,
): ts.ObjectLiteralExpression {
  return object({
    method: str(route.method),
    path: str(route.path),
    honoPath: str(route.honoPath),
    member: str(route.member),
    ...(route.use.length > 0 ? { use: array(route.use) } : {}),
    ...(route.synchronous ? { synchronousCopy: str(synchronousCopyName(route.member)) } : {}),
    handler: routeHandlerFactory(route, imports, functions, readers),
  });
}
