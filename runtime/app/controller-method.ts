import type { ControllerMethod, RouteDefinition, StoredControllerDefinition } from "../compiled/controller-definition.js";
import type { HandlerDeadlines } from "./handler-timeout.js";

// What a route calls (`controllerMethod` in the generated code). A route whose handler
// never awaits has a copy of the handler without `async`, and calls it to
// answer in the same turn: a synchronous answer needs no time limit. But if
// the instance's method is no longer the one the class declared (a
// provider's subclass or test double, a spy installed after the module
// loaded), that method is what must run, and like every handler that may
// return a promise it is held to the app's time limit (`deadlines`, none
// when createApp({ timeout: 0 })): one clock per app keeps it (handler-timeout.ts).

export function controllerMethodFor(
  definition: StoredControllerDefinition,
  controller: Function,
  route: RouteDefinition,
  instance: object,
  deadlines: HandlerDeadlines | undefined,
): ControllerMethod {
  const own = (instance as Record<string, ControllerMethod>)[route.member]!;
  // A socket handler runs as long as its connection does: the time limit is the HTTP answer's.
  if (route.socket === true) return own;
  const copy =
    route.synchronousCopy === undefined ? undefined : (controller.prototype as Record<string, ControllerMethod>)[route.synchronousCopy];
  if (copy !== undefined && own === definition.declared.get(route.member)) return copy;
  if (deadlines === undefined) {
    // sendWhenSettled() tells a pending result by `instanceof Promise`: an async function makes any result one.
    return copy === undefined
      ? own
      : async function (this: unknown, ...args: never[]) {
          return own.apply(this, args);
        };
  }
  const label = `${route.method} ${route.path} (${controller.name}.${route.member})`;
  return function (this: unknown, ...args: never[]) {
    return deadlines.settleWithin(own.apply(this, args), label);
  };
}
