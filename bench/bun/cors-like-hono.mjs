import { Elysia } from "elysia";
import { preflightHeaders } from "../http/preflight.mjs";

// CORS for the Elysia contender, answering as hono/cors() with its defaults
// (what honest's example and the hand-written Hono server use): allow-origin *
// on every answer, and every OPTIONS request a 204 preflight with hono's
// methods and the requested headers. Not @elysiajs/cors: it sends
// access-control-allow-methods (and allow/expose-headers, credentials, vary)
// on every answer, not only on preflights, so the equivalence check, which
// compares these headers with honest's, would fail.

export function corsLikeHono() {
  return new Elysia({ name: "cors-like-hono" }).onRequest(({ request, set }) => {
    set.headers["access-control-allow-origin"] = "*";
    if (request.method !== "OPTIONS") return;
    return new Response(null, { status: 204, headers: preflightHeaders(request.headers.get("access-control-request-headers")) });
  });
}
