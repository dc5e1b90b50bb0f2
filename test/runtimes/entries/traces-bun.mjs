// The example on Bun with an OpenTelemetry SDK registered first (traces-sdk.mjs): its spans read at GET /__spans.
import { AsyncLocalStorageContextManager } from "@opentelemetry/context-async-hooks";
import { upgradeWebSocket, websocket } from "hono/bun";
import { registerSdk, withSpans } from "./traces-sdk.mjs";

registerSdk(new AsyncLocalStorageContextManager());
const { createExampleApp } = await import("../../../example/dist/app.js");
const app = createExampleApp({ upgradeWebSocket });
Bun.serve({ fetch: withSpans(app.fetch), websocket, hostname: "127.0.0.1", port: Number(process.env.PORT ?? 3000) });
