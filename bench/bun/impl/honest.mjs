import { createExampleApp } from "../../../example/dist/app.js";
import { ItemStore } from "../../../example/dist/items/item-store.js";

// honest on Bun: the example app as `npm run build:example` compiles it, with
// the bench's store, served as (docs/guide/deploying.md, "Bun") shows:
// Bun.serve with app.fetch. Until the components' init() has finished
// (TokenService loads its tokens), app.fetch holds the requests it gets
// (docs/reference/limits.md, "Startup"), so the first answer to GET /health,
// which start-server.mjs waits for, comes once the app is ready.

export function start(port, store) {
  const app = createExampleApp({ log: false, providers: [[ItemStore, store]] });
  Bun.serve({ fetch: app.fetch, hostname: "127.0.0.1", port });
}
