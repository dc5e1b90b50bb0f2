import { honoApp } from "../../http/hono-app.mjs";

// The example's routes by hand on Hono (bench/http/hono-app.mjs, as the Node
// bench serves them), on Bun as Hono's documentation does: Bun.serve with app.fetch.

export function start(port, store) {
  Bun.serve({ fetch: honoApp(store).fetch, hostname: "127.0.0.1", port });
}
