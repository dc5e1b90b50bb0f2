import type { ControllerModel, RouteModel } from "./model.js";

// What names an operation in the OpenAPI document (docs/guide/openapi-and-clients.md, "Operation ids, tags
// and descriptions"): the handler's `@operationId`, or `Class_method`; and its tags: the
// handler's `@tag`s, or else its controller's, or else the controller's name.

export function operationIdOf(controller: ControllerModel, route: RouteModel): string {
  return route.doc?.operationId ?? `${controller.className}_${route.member}`;
}

/** The tag a controller's operations carry unless they name their own: its first `@tag`, or its class name. */
export function controllerTagOf(controller: ControllerModel): string {
  return controller.doc?.tags?.[0] ?? controller.className;
}

export function operationTagsOf(controller: ControllerModel, route: RouteModel): readonly string[] {
  return route.doc?.tags ?? controller.doc?.tags ?? [controller.className];
}
