// The example as a Cloudflare worker (as worker.mjs, without its socket route's upgrade) with an OpenTelemetry SDK
// registered first (traces-sdk.mjs), and no context manager: workerd without compatibility flags has no
// AsyncLocalStorage. A bundle cannot import @opentelemetry/api at run time, so the worker gives honest the API it
// holds (docs/guide/logs-and-traces.md, "On Bun, Deno and Workers"). Its spans are read at GET /__spans.
import "./worker-process.mjs";
import * as api from "@opentelemetry/api";
import { env } from "cloudflare:workers";
import { upgradeWebSocket } from "hono/cloudflare-workers";
import { createExampleApp } from "../../../example/dist/app.js";
import { ItemStore } from "../../../example/dist/items/item-store.js";
import { MemoryItemStore } from "../../../example/dist/items/memory-item-store.js";
import { registerSdk, withSpans } from "./traces-sdk.mjs";

registerSdk(undefined);
const app = createExampleApp({
  env,
  openapi: { path: "/openapi.json" },
  upgradeWebSocket,
  providers: [[ItemStore, new MemoryItemStore()]],
  clientAddress: (c) => c.req.header("cf-connecting-ip") ?? "127.0.0.1",
  tracing: { api },
});

export default { fetch: withSpans(app.fetch) };
