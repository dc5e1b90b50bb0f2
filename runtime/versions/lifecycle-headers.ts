import type { MiddlewareHandler } from "hono";

// A deprecated route's answers carry `Deprecation` (RFC 9745), `Sunset`
// (RFC 8594) and `Link: <...>; rel="successor-version"`, its errors too: a
// client learns of the end whatever it was answered (docs/guide/versions.md,
// "Deprecating a route"). The values were made by the build.

/** The first step of a deprecated route's chain: sets `headers` before the rest runs, and again on an answer that lost them. */
export function lifecycleHeaders(headers: Readonly<Record<string, string>>): MiddlewareHandler {
  const entries = Object.entries(headers);
  return async (c, next) => {
    for (const [name, value] of entries) c.header(name, value);
    await next();
    // A Response the handler built holds only its own headers.
    for (const [name, value] of entries) if (!c.res.headers.has(name)) c.header(name, value);
  };
}
