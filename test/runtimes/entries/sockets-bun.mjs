// The socket fixture (test/support/socket-fixture.ts, compiled into
// test/.out/runtime-sockets) on Bun: hono/bun's upgradeWebSocket for
// createApp, and its websocket handler for Bun.serve (docs/guide/websockets.md, "On each runtime").
import { upgradeWebSocket, websocket } from "hono/bun";
import { createSocketApp } from "../../.out/runtime-sockets/dist/app.js";

const app = createSocketApp({ upgradeWebSocket });
const server = Bun.serve({ fetch: app.fetch, websocket, hostname: "127.0.0.1", port: Number(process.env.PORT ?? 3000) });
console.log(`bun: listening on ${server.url}`);
