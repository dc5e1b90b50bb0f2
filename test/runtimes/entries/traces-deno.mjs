// The example on Deno with an OpenTelemetry SDK registered first (traces-sdk.mjs): its spans read at GET /__spans.
import { AsyncLocalStorageContextManager } from "@opentelemetry/context-async-hooks";
import { upgradeWebSocket } from "hono/deno";
import { registerSdk, withSpans } from "./traces-sdk.mjs";

registerSdk(new AsyncLocalStorageContextManager());
const { createExampleApp } = await import("../../../example/dist/app.js");
const app = createExampleApp({ upgradeWebSocket });
Deno.serve({ hostname: "127.0.0.1", port: Number(Deno.env.get("PORT") ?? 3000) }, withSpans(app.fetch));
