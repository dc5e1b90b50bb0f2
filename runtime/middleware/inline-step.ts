import type { Context, MiddlewareHandler } from "hono";

// Some middleware honest runs itself (hono/cors's `cors()`: cors.ts). Each is
// a Hono middleware that works anywhere, and also carries an inline step: what
// it does before next(), done in the handler's own turn on Node, where the
// headers go straight onto Node's response (@hono/node-server writes them
// with the answer, error answers included), so no promise, no Headers object
// and no copy of the response are made for it (docs/guide/middleware.md,
// "How honest runs hono/cors").

/** Node's response, as far as an inline step writes to it: @hono/node-server's `c.env.outgoing`. */
export interface NodeResponseHeaders {
  setHeader(name: string, value: string): unknown;
  readonly headersSent: boolean;
}

/**
 * Before the handler: `undefined` when it did its part (the rest runs inline),
 * `false` when this request needs the middleware itself (a preflight, say),
 * before it set anything.
 */
export type InlineStep = (c: Context, response: NodeResponseHeaders) => undefined | false;

const inlineStepKey = Symbol("honest.inlineStep");

/** `middleware`, which the chain may run as `step` instead where Node's response is at hand. */
export function withInlineStep(middleware: MiddlewareHandler, step: InlineStep): MiddlewareHandler {
  return Object.assign(middleware, { [inlineStepKey]: step });
}

export function inlineStepOf(middleware: MiddlewareHandler): InlineStep | undefined {
  return (middleware as MiddlewareHandler & { [inlineStepKey]?: InlineStep })[inlineStepKey];
}

/** Node's response of this request, when @hono/node-server serves it and nothing was written yet. */
export function nodeResponseOf(c: Context): NodeResponseHeaders | undefined {
  const outgoing = (c.env as { outgoing?: NodeResponseHeaders } | undefined)?.outgoing;
  return outgoing !== undefined && typeof outgoing.setHeader === "function" && !outgoing.headersSent ? outgoing : undefined;
}
