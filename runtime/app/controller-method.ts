import type { ControllerMethod, RouteDefinition, StoredControllerDefinition } from "../compiled/controller-definition.js";
import { settleWithin } from "./handler-timeout.js";

// What a route calls (`controllerMethod` in the generated code). A route whose handler
// never awaits has a copy of the handler without `async`, and calls it to
// answer in the same turn: a synchronous answer needs no time limit. But if
// the instance's method is no longer the one the class declared (a
// provider's subclass or test double, a spy installed after the module
// loaded), that method is what must run, and like every handler that may
// return a promise it is held to the app's time limit (`timeout` ms, 0 for
// none).

export function controllerMethodFor(
  definition: StoredControllerDefinition,
  controller: Function,
  route: RouteDefinition,
  instance: object,
  timeout: number,
): ControllerMethod {
  const own = (instance as Record<string, ControllerMethod>)[route.member]!;
  // A socket handler runs as long as its connection does: the time limit is the HTTP answer's.
  if (route.socket === true) return own;
  const copy =
    route.synchronousCopy === undefined ? undefined : (controller.prototype as Record<string, ControllerMethod>)[route.synchronousCopy];
  if (copy !== undefined && own === definition.declared.get(route.member)) return copy;
  if (timeout === 0) {
    // sendWhenSettled() tells a pending result by `instanceof Promise`: an async function makes any result one.
    return copy === undefined
      ? own
      : async function (this: unknown, ...args: never[]) {
          return own.apply(this, args);
        };
  }
  const label = `${route.method} ${route.path} (${controller.name}.${route.member})`;
  return function (this: unknown, ...args: never[]) {
    return settleWithin(own.apply(this, args), timeout, label);
  };
}
