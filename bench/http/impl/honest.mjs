import { serve } from "honest/node";
import { createExampleApp } from "../../../example/dist/app.js";
import { ItemStore } from "../../../example/dist/items/item-store.js";

// honest: the example app as `npm run build:example` compiles it, served by
// honest's own serve (@hono/node-server underneath), with the bench's store.

export async function start(port, store) {
  const app = createExampleApp({ log: false, providers: [[ItemStore, store]] });
  await serve(app, { port, log: false, handleSignals: false }).listening;
}
