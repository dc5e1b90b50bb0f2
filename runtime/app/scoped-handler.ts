import type { Context } from "hono";
import type { RouteHandler } from "../compiled/controller-definition.js";
import { nodeExchangeIn } from "../common/node-exchange.js";
import { endOfAnswer, GONE, type RequestEnd } from "../injection/request-end.js";
import { type AppComponents, logCloseFailures, RequestScope, scopeStorage } from "../injection/request-scope.js";

// The handler of a route whose components can reach a per-request one, as
// the compiler marks it (`requestScope: true`; docs/guide/request-scope.md,
// "What it costs"): it opens the request's scope around the route's handler
// (after the route's middleware), and finishes it once the answer is built
// and before it is returned to be sent, so that a unit of work commits
// before the client sees its 201, and a commit that fails is a 500 (or an
// HttpError's own status) the client sees instead. A refusal or a fault
// finishes the scope with the status the app answers it with, then goes on
// to the app's error answers as on any route. A stream or a socket
// carries the scope on, and finishes it when it ends. A route that builds
// nothing in its scope finishes it without a promise.

/** The status the app answers a thrown value with (ErrorAnswers.statusOf). */
export type ThrownStatus = (error: unknown) => number;

export function scopedHandler(handler: RouteHandler, app: AppComponents, statusOf: ThrownStatus, label: string): RouteHandler {
  const storage = scopeStorage(`${label}, whose components reach a @PerRequest() component,`);
  const scoped: RouteHandler = (c) => {
    const scope = new RequestScope(c, app);
    let result: Response | Promise<Response>;
    try {
      result = storage.run(scope, () => handler(c));
    } catch (error) {
      return thrown(c, scope, error, statusOf, label);
    }
    if (result instanceof Promise) {
      return result.then(
        (response) => answered(c, scope, response, label),
        (error: unknown) => thrown(c, scope, error, statusOf, label),
      );
    }
    return answered(c, scope, result, label);
  };
  Object.defineProperty(scoped, "name", { value: handler.name });
  return scoped;
}

/**
 * The handler's answer, once its scope is finished: a close() that fails on a
 * 2xx or 3xx is thrown instead, to be answered as any error the route throws.
 */
function answered(c: Context, scope: RequestScope, response: Response, label: string): Response | Promise<Response> {
  if (scope.deferred) {
    finishWhenExchangeEnds(c, scope);
    return response;
  }
  if (scope.empty) {
    scope.finishEmpty();
    return response;
  }
  const end = clientGone(c) ? GONE : endOfAnswer(response.status);
  return scope.finish(end).then((failures) => {
    if (failures.length === 0 || end.outcome !== "answered") {
      logCloseFailures(scope.log, failures, label, end, scope.reqId);
      return response;
    }
    // The first failure is the answer (logged there, as any fault); the others are logged here.
    logCloseFailures(scope.log, failures.slice(1), label, end, scope.reqId);
    throw failures[0]!.error;
  });
}

/**
 * A refusal or a fault: the scope finished with the status the app answers
 * it with, then the error thrown on, to be answered by the same path as on a
 * route without a scope (the app's error format, the middleware around it).
 */
async function thrown(c: Context, scope: RequestScope, error: unknown, statusOf: ThrownStatus, label: string): Promise<never> {
  // A stream or a socket that had taken the scope on never got its answer out (an upgrade that threw, say): nothing
  // else will finish the scope, and finish() runs once, so the carrier's own end, should it come, changes nothing.
  if (scope.empty) {
    scope.finishEmpty();
    throw error;
  }
  const end: RequestEnd = clientGone(c) ? GONE : endOfAnswer(statusOf(error), error);
  logCloseFailures(scope.log, await scope.finish(end), label, end, scope.reqId);
  throw error;
}

/**
 * On Node (@hono/node-server, serve), the answer's end: when the response
 * closes, a stream that has not finished its scope never will be read (an
 * answer that middleware replaced, or whose body the server dropped), so it
 * is ended, as a client that left (docs/guide/request-scope.md, "When
 * nothing carries the answer"). A stream that was sent whole has finished
 * its scope by then, and this changes nothing.
 */
function finishWhenExchangeEnds(c: Context, scope: RequestScope): void {
  const outgoing = nodeExchangeIn(c.env)?.outgoing;
  if (outgoing === undefined) return;
  if (outgoing.closed) scope.abandon(GONE);
  else outgoing.once("close", () => scope.abandon(GONE));
}

/** The client went away before the answer: its request's signal says so (Node's server, Bun, Deno). */
function clientGone(c: Context): boolean {
  return c.req.raw.signal?.aborted === true;
}
