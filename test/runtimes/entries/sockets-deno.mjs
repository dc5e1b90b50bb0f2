// The socket fixture (test/support/socket-fixture.ts, compiled into
// test/.out/runtime-sockets) on Deno, served by Deno.serve with hono/deno's
// upgradeWebSocket (docs/guide/websockets.md, "On each runtime").
import { upgradeWebSocket } from "hono/deno";
import { createSocketApp } from "../../.out/runtime-sockets/dist/app.js";

Deno.serve({ hostname: "127.0.0.1", port: Number(Deno.env.get("PORT") ?? 3000) }, createSocketApp({ upgradeWebSocket }).fetch);
