// The example as a Cloudflare worker, bundled with esbuild and run by workerd
// with no compatibility flags: a module whose default export has `fetch`
// (docs/guide/deploying.md, "Deploying: Node, Bun, Deno, Cloudflare Workers"),
// with hono/cloudflare-workers's upgradeWebSocket for its chat, and its
// settings (Env<T>) read from the worker's bindings, as createApp({ env })
// takes them (docs/guide/configuration.md, "Where the variables come from").
// PGlite cannot run in a worker (it compiles its WebAssembly at run time, and
// reads its files), so the worker keeps its items in memory: MemoryItemStore
// in place of the database's ItemStore, and the database is never opened
// (docs/guide/databases.md, "On Cloudflare Workers").
import "./worker-process.mjs";
import { env } from "cloudflare:workers";
import { upgradeWebSocket } from "hono/cloudflare-workers";
import { createExampleApp } from "../../../example/dist/app.js";
import { ItemStore } from "../../../example/dist/items/item-store.js";
import { MemoryItemStore } from "../../../example/dist/items/memory-item-store.js";

// A worker has no files to read the documentation page's from: the document alone (docs/guide/openapi-and-clients.md, "Serving the document and the documentation page").
const app = createExampleApp({
  env,
  openapi: { path: "/openapi.json" },
  upgradeWebSocket,
  providers: [[ItemStore, new MemoryItemStore()]],
  // Cloudflare sets CF-Connecting-IP before a deployed worker sees a request; workerd alone has no Cloudflare in
  // front, so POST /items/bulk's rate limit counts the test's requests as one local client (docs/guide/rate-limits.md, "Behind a proxy").
  clientAddress: (c) => c.req.header("cf-connecting-ip") ?? "127.0.0.1",
});

export default { fetch: app.fetch };
