import { serve } from "@hono/node-server";
import { honoApp } from "../hono-app.mjs";

// The example's routes by hand on Hono (hono-app.mjs, where they moved so
// that the Bun bench serves them without @hono/node-server), served by
// @hono/node-server.

export { honoApp };

export function start(port, store) {
  return new Promise((resolve) => serve({ fetch: honoApp(store).fetch, port }, () => resolve()));
}
