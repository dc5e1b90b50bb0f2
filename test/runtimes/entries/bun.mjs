// The example on Bun: its compiled app (example/dist/app.js) served by
// Bun.serve (docs/guide/deploying.md, "Deploying: Node, Bun, Deno, Cloudflare Workers"),
// with hono/bun's upgradeWebSocket and websocket for its chat.
import { upgradeWebSocket, websocket } from "hono/bun";
import { createExampleApp } from "../../../example/dist/app.js";

const app = createExampleApp({ upgradeWebSocket });
const server = Bun.serve({ fetch: app.fetch, websocket, hostname: "127.0.0.1", port: Number(process.env.PORT ?? 3000) });
console.log(`bun: listening on ${server.url}`);
