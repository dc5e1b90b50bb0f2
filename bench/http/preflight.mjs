// hono/cors()'s answer to a preflight, with its defaults, for the contenders
// that answer CORS by hand (node:http, bare Bun.serve, Elysia): 204 with
// allow-origin *, Hono's methods, and the requested headers echoed.

const ALLOW_METHODS = "GET,HEAD,PUT,POST,DELETE,PATCH,QUERY";

/** The preflight's headers, given the request's Access-Control-Request-Headers (if any). */
export function preflightHeaders(requested) {
  const headers = { "access-control-allow-origin": "*", "access-control-allow-methods": ALLOW_METHODS };
  if (requested) {
    headers["access-control-allow-headers"] = requested
      .split(",")
      .map((name) => name.trim())
      .join(",");
    headers.vary = "Access-Control-Request-Headers";
  }
  return headers;
}
