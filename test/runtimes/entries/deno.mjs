// The example on Deno: its compiled app (example/dist/app.js) served by
// Deno.serve, which prints where it listens (docs/guide/deploying.md, "Deploying: Node, Bun,
// Deno, Cloudflare Workers"), with hono/deno's upgradeWebSocket for its chat.
import { upgradeWebSocket } from "hono/deno";
import { createExampleApp } from "../../../example/dist/app.js";

const app = createExampleApp({ upgradeWebSocket });
Deno.serve({ hostname: "127.0.0.1", port: Number(Deno.env.get("PORT") ?? 3000) }, app.fetch);
