import type { Context, ErrorHandler, MiddlewareHandler } from "hono";
import type { RouteHandler } from "../compiled/controller-definition.js";
import { nodeExchangeIn } from "../common/node-exchange.js";
import { type InlineStep, inlineStepOf } from "./inline-step.js";

// Middleware from createApp({ use }) and @Use(...) runs before a route's
// handler, inside that route's one handler, the way Hono's own compose runs
// a chain: each gets `next`, an Error thrown anywhere becomes the app's error
// answer (which middleware earlier in the chain then sees, so CORS headers
// reach error answers too), and the response ends up in `c.res`. Composed
// per route rather than added with app.use, so a route without middleware
// costs nothing and the router keeps its fast paths (docs/guide/middleware.md, "Middleware").
//
// Built for what the route has: honest's own steps at the head of the chain
// (hono/cors's `cors()` and hono/bearer-auth's `bearerAuth()`, which the build
// runs as honest's own: middleware/) run in the handler's turn, without a
// promise; what remains is Hono's compose, one `next` per step, no promise
// where nothing awaits.

/** What the route's handler answers with, as far as the chain must know. */
export type HandlerAnswers =
  /** Only responses built by `c.body()` and its kin, which already hold every header middleware set before next(). */
  | "context"
  /** Also Responses built elsewhere (the handler's own, a problem document): Hono's `c.res` setter adds those headers. */
  | "any";

const RESOLVED: Promise<void> = Promise.resolve();
const NEXT_TWICE = "honest: a middleware called next() more than once";

/**
 * `handler` behind `middleware`, in order; the handler itself when there is
 * none. Either way the function Hono holds has the handler's name
 * (`ItemController_get`), which Hono's `inspectRoutes` and `showRoutes` print.
 */
export function withMiddleware(
  middleware: readonly MiddlewareHandler[],
  handler: RouteHandler,
  onError: ErrorHandler,
  answers: HandlerAnswers = "any",
): RouteHandler {
  if (middleware.length === 0) return handler;
  const inline: InlineStep[] = [];
  for (const step of middleware) {
    const own = inlineStepOf(step);
    if (own === undefined) break;
    inline.push(own);
  }
  const composed = compose(middleware, handler, onError, answers);
  const rest = inline.length === middleware.length ? handler : compose(middleware.slice(inline.length), handler, onError, answers);
  const chained = inline.length === 0 ? composed : withInlineSteps(inline, rest, composed);
  Object.defineProperty(chained, "name", { value: handler.name });
  return chained;
}

/**
 * On Node, honest's own steps, then the rest of the chain; the whole chain
 * where there is no Node response, or when a step needs its middleware (a
 * preflight). A step declines before it sets anything, and what the steps
 * before it set, their middleware sets again alike.
 */
function withInlineSteps(steps: readonly InlineStep[], rest: RouteHandler, whole: RouteHandler): RouteHandler {
  return (c) => {
    const node = nodeExchangeIn(c.env);
    const outgoing = node?.outgoing;
    if (node === undefined || outgoing === undefined || outgoing.headersSent) return whole(c);
    for (const step of steps) if (step(c, node.incoming, outgoing) === false) return whole(c);
    return rest(c);
  };
}

/** Hono's compose for one route: `next` runs the following step, the handler last; an Error becomes the app's answer. */
function compose(
  middleware: readonly MiddlewareHandler[],
  handler: RouteHandler,
  onError: ErrorHandler,
  answers: HandlerAnswers,
): RouteHandler {
  const last = middleware.length;
  const handlerHolds = answers === "context";
  return (c) => {
    let reached = -1;
    /** Runs step `index`; its response is in `c.res` once what it returns settles. */
    const run = (index: number): void | Promise<void> => {
      if (index <= reached) return Promise.reject(new Error(NEXT_TWICE));
      reached = index;
      let result: Response | undefined | Promise<Response | undefined>;
      try {
        result = index < last ? (middleware[index]!(c, () => run(index + 1) ?? RESOLVED) as Promise<Response | undefined>) : handler(c);
      } catch (error) {
        return fail(c, error, onError);
      }
      const held = index === last && handlerHolds;
      if (result instanceof Promise) {
        return result.then(
          (response) => keep(c, response, held),
          (error: unknown) => fail(c, error, onError),
        );
      }
      keep(c, result, held);
    };
    const done = run(0);
    return done === undefined ? c.res : done.then(() => c.res);
  };
}

/**
 * A step's response becomes `c.res` unless a later step already answered.
 * Hono's setter copies the response to add the headers middleware set on
 * `c.res` before next(); a response built by `c.body()` already holds them,
 * so `held` skips that copy (which turns the body into a stream that
 * @hono/node-server then reads back chunk by chunk).
 */
function keep(c: Context, response: Response | undefined, held: boolean): void {
  if (!response || c.finalized) return;
  if (held) c.res = undefined;
  // Reading `c.res` first turns headers set with c.header() into the response the setter copies from.
  else if (c.res === response) return;
  c.res = response;
}

/** An Error becomes the app's error answer, in `c.res` whatever came before; other values go to the app's last resort, as in Hono. */
function fail(c: Context, error: unknown, onError: ErrorHandler): void | Promise<void> {
  if (!(error instanceof Error)) throw error;
  c.error = error;
  const answer = onError(error, c);
  if (answer instanceof Promise) {
    return answer.then((response) => {
      c.res = response;
    });
  }
  c.res = answer;
}
