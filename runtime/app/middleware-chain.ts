import type { ErrorHandler, MiddlewareHandler } from "hono";
import type { RouteHandler } from "./controller-definition.js";

// Middleware from createApp({ use }) and @Use(...) runs before a route's
// handler, inside that route's one handler, the way Hono's own compose runs
// a chain: each gets `next`, an Error thrown anywhere becomes the app's error
// answer (which middleware earlier in the chain then sees, so CORS headers
// reach error answers too), and the response ends up in `c.res`. Composed
// per route rather than added with app.use, so a route without middleware
// costs nothing and the router keeps its fast paths (docs/guide/middleware.md, "Middleware").

/**
 * `handler` behind `middleware`, in order; the handler itself when there is
 * none. Either way the function Hono holds has the handler's name
 * (`ItemController_get`), which Hono's `inspectRoutes` and `showRoutes` print.
 */
export function withMiddleware(middleware: readonly MiddlewareHandler[], handler: RouteHandler, onError: ErrorHandler): RouteHandler {
  if (middleware.length === 0) return handler;
  const chained: RouteHandler = async (c) => {
    let reached = -1;
    const dispatch = async (index: number): Promise<void> => {
      if (index <= reached) throw new Error("honest: a middleware called next() more than once");
      reached = index;
      let response: Response | undefined;
      let failed = false;
      try {
        const step = middleware[index];
        response = (step ? await step(c, () => dispatch(index + 1)) : await handler(c)) ?? undefined;
      } catch (error) {
        // Values that are not Errors go to the app's last resort, as in Hono.
        if (!(error instanceof Error)) throw error;
        c.error = error;
        response = await onError(error, c);
        failed = true;
      }
      if (response && (!c.finalized || failed)) {
        if (!failed && index === middleware.length && holdsHeadersOf(response, c.res)) {
          // Hono's setter would copy the response to add c.res's headers; it already holds them.
          c.res = undefined;
        }
        c.res = response;
      }
    };
    await dispatch(0);
    return c.res;
  };
  Object.defineProperty(chained, "name", { value: handler.name });
  return chained;
}

/**
 * Whether `response` already holds what Hono's `c.res` setter would copy onto
 * it from `previous` (the response middleware set headers on before next()):
 * every header but content-type with the same value, and the same cookies.
 * A handler's `c.body()` / `c.json()` starts from those very headers, so for
 * honest's senders this holds and the copy (which turns the body into a
 * stream, and @hono/node-server then reads that stream back chunk by chunk)
 * can be skipped: the answer is the same, and half the cost of a route behind
 * cors() on Node is gone.
 */
function holdsHeadersOf(response: Response, previous: Response): boolean {
  const headers = response.headers;
  for (const [name, value] of previous.headers) {
    if (name === "content-type") continue;
    if (name === "set-cookie") {
      const cookies = previous.headers.getSetCookie();
      const held = headers.getSetCookie();
      if (cookies.length !== held.length || cookies.some((cookie, index) => cookie !== held[index])) return false;
    } else if (headers.get(name) !== value) return false;
  }
  return true;
}
