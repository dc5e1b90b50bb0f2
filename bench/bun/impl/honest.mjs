import { ItemStore } from "../../../example/dist/items/item-store.js";
import { exampleApp } from "../../http/example-app.mjs";

// honest on Bun: the example app as the Node bench builds it (or without
// middleware, BENCH_WORKLOAD=plain: bench/http/example-app.mjs), with the
// bench's store in memory in place of the example's database (bench/http/items.mjs), served as (docs/guide/deploying.md, "Bun") shows: Bun.serve
// with app.fetch. Until the components' init() has finished (TokenService
// loads its tokens), app.fetch holds the requests it gets
// (docs/reference/limits.md, "Startup"), so the first answer to GET /health,
// which start-server.mjs waits for, comes once the app is ready.

export function start(port, store) {
  const app = exampleApp({ log: false, providers: [[ItemStore, store]] });
  Bun.serve({ fetch: app.fetch, hostname: "127.0.0.1", port });
}
