// The socket fixture (test/support/socket-fixture.ts, compiled into
// test/.out/runtime-sockets) on Node, served by honest/node's serve, which
// upgrades without being given an upgradeWebSocket (docs/guide/websockets.md, "On each runtime").
// The test folder has a package.json of its own, so honest is reached by its path rather than by name.
import { serve } from "../../../dist/esm/runtime/node.js";
import { createSocketApp } from "../../.out/runtime-sockets/dist/app.js";

serve(createSocketApp(), { port: Number(process.env.PORT ?? 3000), hostname: "127.0.0.1", gracePeriod: 100 });
