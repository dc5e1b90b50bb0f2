import type { RouteDefinition, RouteMethod, StoredControllerDefinition } from "./controller-definition.js";

// What a route whose handler never awaits calls. The transformer gave the
// class a copy of the handler without `async`, and the route calls it to
// answer in the same turn. But if the instance's method is no longer the one
// the class declared (a provider's subclass or test double, a spy installed
// after the module loaded), that method is what must run: it is called, its
// result made a promise so the generated code knows to wait for it.

export function routeMethod(definition: StoredControllerDefinition, controller: Function, route: RouteDefinition, instance: object): RouteMethod {
  const own = (instance as Record<string, RouteMethod>)[route.member];
  const copy = route.copy === undefined ? undefined : (controller.prototype as Record<string, RouteMethod>)[route.copy];
  if (copy !== undefined && own === definition.declared.get(route.member)) return copy;
  return async function (this: unknown, ...args: never[]) {
    return own!.apply(this, args);
  };
}
