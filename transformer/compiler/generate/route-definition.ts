import type ts from "typescript";
import type { RouteDefinition } from "../../../runtime/internal.js";
import type { RouteModel } from "../model.js";
import type { GenerationContext } from "./generation-context.js";
import { objectOf } from "./protocol.js";
import { routeHandlerFactory } from "./route-handler.js";
import { synchronousCopyName } from "./synchronous-copy-name.js";

// One route's entry in a controller definition (RouteDefinition, whose keys
// these are), one fact a line, then the factory of its handler
// (route-handler.ts):
//
//   {
//     method: "GET",
//     path: "/items/{id}",
//     honoPath: "/items/:id",
//     member: "get",
//     synchronousCopy: "__honest_sync_get",
//     handler: ({ controller, controllerMethod }) => { ... }
//   }

export function routeDefinition(route: RouteModel, className: string, generation: GenerationContext): ts.ObjectLiteralExpression {
  const { str, array } = generation.nodes;
  return objectOf<RouteDefinition>(
    generation.nodes,
    {
      method: str(route.method),
      path: str(route.path),
      honoPath: str(route.honoPath),
      member: str(route.member),
      use: route.use.length > 0 ? array(route.use.map((each) => generation.middleware(each))) : undefined,
      synchronousCopy: route.synchronous ? str(synchronousCopyName(route.member)) : undefined,
      answersWithResponse: route.response.response ? generation.nodes.bool(true) : undefined,
      handler: routeHandlerFactory(route, className, generation),
    },
    true,
  );
}
