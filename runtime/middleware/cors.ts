import type { MiddlewareHandler } from "hono";
import { cors as honoCors } from "hono/cors";
import { type InlineStep, withInlineStep } from "./inline-step.js";

// What `cors(...)` from hono/cors becomes where createApp's options or
// @Use(...) list it (docs/guide/middleware.md, "How honest runs hono/cors and bearerAuth"):
// Hono's own middleware, which answers preflights and runs wherever no Node
// response is at hand (app.request() in tests, Bun, Deno, Workers), plus an
// inline step for the common case, `origin: "*"`, whose headers do not depend
// on the request: set on Node's response before the handler, they reach every
// answer of the route, errors included, as Hono's do.

export type CorsOptions = Parameters<typeof honoCors>[0];

export function cors(options?: CorsOptions): MiddlewareHandler {
  const middleware = honoCors(options);
  const step = inlineCorsStep(options);
  return step === undefined ? middleware : withInlineStep(middleware, step);
}

/** The headers Hono's cors() sets on a request that is not a preflight, when they are the same for every request. */
function inlineCorsStep(options: CorsOptions): InlineStep | undefined {
  // Spread as Hono spreads them, so an option given as undefined means what it means there.
  const opts = { origin: "*" as NonNullable<CorsOptions>["origin"], ...options };
  // Any other origin is answered per request, and adds `Vary: Origin` after next(): Hono's own middleware does that.
  if (opts.origin !== "*") return undefined;
  const headers: (readonly [string, string])[] = [["access-control-allow-origin", "*"]];
  if (opts.credentials) headers.push(["access-control-allow-credentials", "true"]);
  if (opts.exposeHeaders?.length) headers.push(["access-control-expose-headers", opts.exposeHeaders.join(",")]);
  // The method from Node's request: `c.req` would build Hono's request object for this alone.
  return (_c, incoming, outgoing) => {
    if (incoming.method === "OPTIONS") return false;
    for (const [name, value] of headers) outgoing.setHeader(name, value);
    return undefined;
  };
}
