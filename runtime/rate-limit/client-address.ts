import type { Context } from "hono";

// Who a request comes from, for rate limits keyed by client address
// (docs/guide/rate-limits.md, "Behind a proxy"): the peer of the connection where the runtime
// tells it (Node, Bun, Deno, Cloudflare Workers), or createApp's
// `clientAddress` function. Behind a proxy the peer is the proxy:
// forwardedFor(n) reads the address n trusted proxies appended to
// X-Forwarded-For instead.

/** createApp's `clientAddress`: the address a request comes from, or undefined where it cannot tell. */
export type ClientAddress = (c: Context) => string | undefined;

/** The connection's peer, as each runtime's Hono adapter hands it over in `c.env`; undefined where there is none (`app.request`). */
export function connectionAddress(c: Context): string | undefined {
  const env = c.env as Record<string, any> | undefined;
  if (env !== undefined && env !== null && typeof env === "object") {
    // Node: @hono/node-server's and honest/node's `{ incoming, outgoing }`.
    const node = env.incoming?.socket?.remoteAddress;
    if (typeof node === "string") return node;
    // Bun: the server, whose requestIP() knows each request's peer (Bun.serve({ fetch: app.fetch })).
    const server = typeof env.requestIP === "function" ? env : env.server;
    if (typeof server?.requestIP === "function") {
      const address = server.requestIP(c.req.raw)?.address;
      if (typeof address === "string") return address;
    }
    // Deno: Deno.serve hands its handler info, `remoteAddr`, as the env.
    const deno = env.remoteAddr?.hostname;
    if (typeof deno === "string") return deno;
  }
  // Cloudflare Workers: Cloudflare sets this header itself on every request a Worker receives.
  if ((globalThis as { navigator?: { userAgent?: string } }).navigator?.userAgent === "Cloudflare-Workers") {
    return c.req.header("cf-connecting-ip");
  }
  return undefined;
}

/**
 * The client address behind `proxies` trusted proxies: each proxy appends the address it was reached from to
 * X-Forwarded-For, so the client's is the `proxies`-th from the end, the last one no client could have written.
 * Fewer entries than that: the connection's peer, when the request came around the proxies.
 */
export function forwardedFor(proxies: number): ClientAddress {
  if (!Number.isSafeInteger(proxies) || proxies < 1) {
    throw new RangeError(`honest: forwardedFor(proxies) counts the trusted proxies in front of the app, 1 or more; got ${String(proxies)}`);
  }
  return (c) => {
    const entries = (c.req.raw.headers.get("x-forwarded-for") ?? "")
      .split(",")
      .map((entry) => entry.trim())
      .filter((entry) => entry !== "");
    return entries.length >= proxies ? entries[entries.length - proxies] : connectionAddress(c);
  };
}
