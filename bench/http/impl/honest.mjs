import { serve } from "honest/node";
import { ItemStore } from "../../../example/dist/items/item-store.js";
import { exampleApp } from "../example-app.mjs";

// honest: the example app as `npm run build:example` compiles it (or without
// middleware, BENCH_WORKLOAD=plain: example-app.mjs), served by honest's own
// serve (@hono/node-server underneath), with the bench's store in memory in
// place of the example's ItemStore on its database (items.mjs).

/** The app, its components' init() done (a first request waits for them; honest's serve does as well). */
export async function honestApp(store) {
  const app = exampleApp({ log: false, providers: [[ItemStore, store]] });
  await app.request("/health");
  return app;
}

export async function start(port, store) {
  await serve(await honestApp(store), { port, log: false, handleSignals: false }).listening;
}
