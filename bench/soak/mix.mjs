// The soak's requests: what one connection sends, in order, again and again.
// Valid and invalid requests mixed; each names the status it must get. The
// store stays bounded: every item a connection creates, it deletes next.

const JSON_HEADERS = { "content-type": "application/json" };
const OVER_LIMIT = JSON.stringify({ name: "x".repeat(1024 * 1024), price: 1 }); // past the 1 MiB default

const plain = (name, method, path, expect, extra = {}) => ({ name, method, path, expect, ...extra });
const json = (name, method, path, body, expect, headers = JSON_HEADERS) => plain(name, method, path, expect, { headers, body });

/** Each entry: name, method, path, headers, body, the expected status, and what it does to the connection's context. */
export const MIX = [
  plain("GET /health", "GET", "/health", 200),
  plain("GET /items", "GET", "/items", 200),
  plain("GET /items/2", "GET", "/items/2", 200),
  plain("GET /users/1/posts/2", "GET", "/users/1/posts/2", 200),
  plain("GET /api/todos", "GET", "/api/todos", 200),
  plain("GET /items/sorted/desc", "GET", "/items/sorted/desc", 200),
  plain("GET /items/2/quote/2.5", "GET", "/items/2/quote/2.5", 200),
  { ...json("POST /items", "POST", "/items", '{"name":"cable","price":5,"tags":["usb"]}', 201), creates: true },
  { ...plain("GET the created item", "GET", "/items/{created}", 200), usesCreated: true },
  { ...json("PATCH the created item", "PATCH", "/items/{created}", '{"price":6}', 200), usesCreated: true },
  { ...plain("DELETE the created item", "DELETE", "/items/{created}", 204), usesCreated: true },
  json("PUT /items/2", "PUT", "/items/2", '{"name":"mouse","price":25,"tags":[],"inStock":true}', 200),
  plain("GET /items/abc (bad id)", "GET", "/items/abc", 400),
  plain("GET /items/99999999 (missing)", "GET", "/items/99999999", 404),
  plain("GET /items/sorted/up (not a literal)", "GET", "/items/sorted/up", 400),
  plain("GET /items/tagged/%FF (broken escape)", "GET", "/items/tagged/%FF", 400),
  plain("GET /nowhere", "GET", "/nowhere", 404),
  plain("DELETE /health (wrong method)", "DELETE", "/health", 405),
  json("POST /items as text/plain", "POST", "/items", "{}", 415, { "content-type": "text/plain" }),
  json("POST /items, broken JSON", "POST", "/items", '{"name":', 400),
  json("POST /items, wrong shape", "POST", "/items", '{"name":"x","price":"5"}', 400),
  json("POST /items, over 1 MiB", "POST", "/items", OVER_LIMIT, 413),
];

/**
 * autocannon's `requests` for the mix, counting every answer in `tally`
 * (name → "expected" or the other status → count). A created item's location
 * is kept in the connection's context, which autocannon clears each time the
 * mix starts over; should a reconnect lose the POST's answer, the requests
 * that use it go to /items/0 and their 404s count as unexpected.
 */
export function autocannonRequests(tally) {
  for (const { name } of MIX) tally.set(name, new Map());
  return MIX.map((entry) => ({
    method: entry.method,
    path: entry.path,
    headers: entry.headers,
    body: entry.body,
    ...(entry.usesCreated && { setupRequest: (request, context) => ({ ...request, path: context.created ?? "/items/0" }) }),
    onResponse(status, _body, context, headers) {
      const counts = tally.get(entry.name);
      const key = status === entry.expect ? "expected" : String(status);
      counts.set(key, (counts.get(key) ?? 0) + 1);
      if (entry.creates && status === 201) context.created = headers.location;
    },
  }));
}

/** The answers counted for one request. */
export const total = (counts) => [...counts.values()].reduce((a, b) => a + b, 0);

/** Every answer counted in a tally. */
export const answers = (tally) => [...tally.values()].reduce((sum, counts) => sum + total(counts), 0);

/** The answers in a tally whose status was not the one expected. */
export const unexpected = (tally) => [...tally.values()].reduce((sum, counts) => sum + total(counts) - (counts.get("expected") ?? 0), 0);
