// The socket fixture (test/support/socket-fixture.ts, compiled into
// test/.out/runtime-sockets) as a Cloudflare worker, bundled with esbuild and
// run by workerd with no compatibility flags, with hono/cloudflare-workers's
// upgradeWebSocket (docs/guide/websockets.md, "On each runtime").
import { upgradeWebSocket } from "hono/cloudflare-workers";
import { createSocketApp } from "../../.out/runtime-sockets/dist/app.js";

export default { fetch: createSocketApp({ upgradeWebSocket }).fetch };
