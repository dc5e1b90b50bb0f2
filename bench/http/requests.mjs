import { WITH_CORS } from "./workload.mjs";

// The requests: the six measured, and more that the equivalence check sends
// after them (in this order, to one fresh server per implementation) to show
// the implementations serve the same routes with the same checks, and the
// same CORS answers.

const JSON_HEADERS = { "content-type": "application/json" };

/** Compared with honest's answer on every request (absent must be absent). */
export const COMPARED_HEADERS = ["location", "access-control-allow-origin", "access-control-allow-methods"];

/** On every answer, errors and preflights included: hono/cors() with its defaults (none without middleware, workload.mjs). */
export const EVERY_ANSWER = WITH_CORS ? { "access-control-allow-origin": "*" } : {};

export const MEASURED = [
  { name: "GET /health", method: "GET", path: "/health", status: 200 },
  { name: "GET /items/42", method: "GET", path: "/items/42", status: 200 },
  { name: "GET /items (100 items)", method: "GET", path: "/items", status: 200 },
  // Query<ItemFilter & OffsetPaging>: three keys parsed and checked (by hand: c.req.query(), a querystring schema, URLSearchParams); 10 items.
  { name: "GET /items?limit=&offset=&tag=", method: "GET", path: "/items?limit=20&offset=22&tag=spare", status: 200 },
  {
    name: "POST /items",
    method: "POST",
    path: "/items",
    headers: JSON_HEADERS,
    body: JSON.stringify({ name: "cable", price: 5, tags: ["usb"] }),
    status: 201,
  },
  // The resolver: CurrentUser turns the bearer token into a user (by hand: the same check inline, or an onRequest hook).
  { name: "GET /me (bearer token)", method: "GET", path: "/me", headers: { authorization: "Bearer ada-token" }, status: 200 },
];

// `sameBody: false`: error answers are problem documents whose wording differs; only the status must agree.
export const ALSO_CHECKED = [
  { name: "GET /items/101 (the item POSTed)", method: "GET", path: "/items/101", status: 200 },
  { name: "GET /", method: "GET", path: "/", status: 200 },
  { name: "GET /items?tag=bench&limit=5", method: "GET", path: "/items?tag=bench&limit=5", status: 200 },
  { name: "GET /items?offset=98&limit=1e1", method: "GET", path: "/items?offset=98&limit=1e1", status: 200 },
  { name: "GET /items?tag=nothing", method: "GET", path: "/items?tag=nothing", status: 200 },
  { name: "GET /items?limit=0", method: "GET", path: "/items?limit=0", status: 400, sameBody: false },
  { name: "GET /items?limit=101", method: "GET", path: "/items?limit=101", status: 400, sameBody: false },
  { name: "GET /items?limit=2.5", method: "GET", path: "/items?limit=2.5", status: 400, sameBody: false },
  { name: "GET /items?offset=-1", method: "GET", path: "/items?offset=-1", status: 400, sameBody: false },
  { name: "GET /items?offset=ten", method: "GET", path: "/items?offset=ten", status: 400, sameBody: false },
  { name: "GET /info", method: "GET", path: "/info", status: 200, sameBody: false }, // holds the uptime
  { name: "GET /api/todos", method: "GET", path: "/api/todos", status: 200 },
  { name: "GET /items/tagged/usb", method: "GET", path: "/items/tagged/usb", status: 200 },
  { name: "GET /items/tagged/spare", method: "GET", path: "/items/tagged/spare", status: 200 },
  { name: "GET /items/sorted/desc", method: "GET", path: "/items/sorted/desc", status: 200 },
  { name: "GET /items/in-stock/false", method: "GET", path: "/items/in-stock/false", status: 200 },
  { name: "GET /items/7/quote/2.5", method: "GET", path: "/items/7/quote/2.5", status: 200 },
  { name: "GET /items/sorted/up", method: "GET", path: "/items/sorted/up", status: 400, sameBody: false },
  { name: "GET /items/in-stock/yes", method: "GET", path: "/items/in-stock/yes", status: 400, sameBody: false },
  { name: "GET /items/7/quote/0x10", method: "GET", path: "/items/7/quote/0x10", status: 400, sameBody: false },
  { name: "GET /users/2/posts/3", method: "GET", path: "/users/2/posts/3", status: 200 },
  {
    name: "PUT /items/2",
    method: "PUT",
    path: "/items/2",
    headers: JSON_HEADERS,
    body: '{"name":"mouse","price":25,"tags":[],"inStock":false}',
    status: 200,
  },
  { name: "PATCH /items/3", method: "PATCH", path: "/items/3", headers: JSON_HEADERS, body: '{"price":199.5,"extra":1}', status: 200 },
  { name: "DELETE /items/1", method: "DELETE", path: "/items/1", status: 204 },
  { name: "GET /items/1 (deleted)", method: "GET", path: "/items/1", status: 404, sameBody: false },
  { name: "GET /items/abc", method: "GET", path: "/items/abc", status: 400, sameBody: false },
  { name: "GET /items/9223372036854775808", method: "GET", path: "/items/9223372036854775808", status: 400, sameBody: false },
  {
    name: "POST /items, price a string",
    method: "POST",
    path: "/items",
    headers: JSON_HEADERS,
    body: '{"name":"x","price":"5"}',
    status: 400,
    sameBody: false,
  },
  { name: "POST /items, not JSON", method: "POST", path: "/items", headers: JSON_HEADERS, body: '{"name":', status: 400, sameBody: false },
  {
    name: "POST /items, text/plain",
    method: "POST",
    path: "/items",
    headers: { "content-type": "text/plain" },
    body: "{}",
    status: 415,
    sameBody: false,
  },
  { name: "GET /nowhere", method: "GET", path: "/nowhere", status: 404, sameBody: false },
  { name: "GET /me, grace-token", method: "GET", path: "/me", headers: { authorization: "Bearer grace-token" }, status: 200 },
  { name: "GET /me, no token", method: "GET", path: "/me", status: 401, sameBody: false },
  { name: "GET /me, unknown token", method: "GET", path: "/me", headers: { authorization: "Bearer nope" }, status: 401, sameBody: false },
  { name: "GET /me, Basic", method: "GET", path: "/me", headers: { authorization: "Basic YWRhOg==" }, status: 401, sameBody: false },
  {
    name: "GET /admin/stats, admin token",
    method: "GET",
    path: "/admin/stats",
    headers: { authorization: "Bearer admin-secret" },
    status: 200,
  },
  { name: "GET /admin/stats, no token", method: "GET", path: "/admin/stats", status: 401, sameBody: false },
  {
    name: "GET /admin/stats, a user's token",
    method: "GET",
    path: "/admin/stats",
    headers: { authorization: "Bearer ada-token" },
    status: 401,
    sameBody: false,
  },
  { name: "GET /items/42 from an origin", method: "GET", path: "/items/42", headers: { origin: "https://ui.example" }, status: 200 },
  // A preflight needs CORS: without middleware each contender answers OPTIONS its own way.
  ...(WITH_CORS
    ? [
        {
          name: "OPTIONS /items/1, preflight",
          method: "OPTIONS",
          path: "/items/1",
          headers: { origin: "https://ui.example", "access-control-request-method": "DELETE" },
          status: 204,
        },
      ]
    : []),
];
