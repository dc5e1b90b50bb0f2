import type { Context, MiddlewareHandler } from "hono";
import type { IncomingMessage, ServerResponse } from "node:http";

// Some Hono middleware honest runs itself (cors.ts, bearer-auth.ts). Each is
// Hono's middleware, which works anywhere, and also carries an inline step:
// its common case, done in the handler's own turn on Node, reading Node's
// request and setting headers straight onto Node's response (@hono/node-server
// writes them with the answer, error answers included), so that no promise,
// no Headers object and no copy of the response are made for it
// (docs/guide/middleware.md, "How honest runs hono/cors and bearerAuth").

/**
 * Before the handler, given Node's request and its response while nothing was
 * written yet (common/node-exchange.ts): `undefined` when it did its part (the
 * rest runs inline), `false` when this request needs the middleware itself (a
 * preflight, a refusal), before it set anything.
 */
export type InlineStep = (c: Context, incoming: IncomingMessage, outgoing: ServerResponse) => undefined | false;

const inlineStepKey = Symbol("honest.inlineStep");

/** `middleware`, which the chain may run as `step` instead where Node's request and response are at hand. */
export function withInlineStep(middleware: MiddlewareHandler, step: InlineStep): MiddlewareHandler {
  return Object.assign(middleware, { [inlineStepKey]: step });
}

export function inlineStepOf(middleware: MiddlewareHandler): InlineStep | undefined {
  return (middleware as MiddlewareHandler & { [inlineStepKey]?: InlineStep })[inlineStepKey];
}

/** The one value of request header `lowerName` in Node's raw list; undefined when it is absent or repeated. */
export function singleRawHeader(rawHeaders: readonly string[], lowerName: string): string | undefined {
  let found: string | undefined;
  for (let index = 0; index < rawHeaders.length; index += 2) {
    const name = rawHeaders[index]!;
    if (name.length !== lowerName.length || name.toLowerCase() !== lowerName) continue;
    if (found !== undefined) return undefined;
    found = rawHeaders[index + 1]!;
  }
  return found;
}
