import { Elysia } from "elysia";

// CORS for the Elysia contender, answering as hono/cors() with its defaults
// (what honest's example and the hand-written Hono server use): allow-origin *
// on every answer, and every OPTIONS request a 204 preflight with hono's
// methods and the requested headers. Not @elysiajs/cors: it sends
// access-control-allow-methods (and allow/expose-headers, credentials, vary)
// on every answer, not only on preflights, so the equivalence check, which
// compares these headers with honest's, would fail.

const ALLOW_METHODS = "GET,HEAD,PUT,POST,DELETE,PATCH,QUERY";

export function corsLikeHono() {
  return new Elysia({ name: "cors-like-hono" }).onRequest(({ request, set }) => {
    set.headers["access-control-allow-origin"] = "*";
    if (request.method !== "OPTIONS") return;
    const headers = { "access-control-allow-origin": "*", "access-control-allow-methods": ALLOW_METHODS };
    const requested = request.headers.get("access-control-request-headers");
    if (requested) {
      headers["access-control-allow-headers"] = requested
        .split(",")
        .map((name) => name.trim())
        .join(",");
      headers.vary = "Access-Control-Request-Headers";
    }
    return new Response(null, { status: 204, headers });
  });
}
