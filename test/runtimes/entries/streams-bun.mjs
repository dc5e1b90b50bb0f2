// The stream fixture (test/support/stream-fixture.ts, compiled into
// test/.out/runtime-streams) on Bun, served by Bun.serve, a heartbeat every
// 50 ms (docs/guide/streams.md, "Streams"). Bun closes a connection idle for
// 10 s unless told otherwise; a stream between heartbeats is not idle to it.
import { createStreamApp } from "../../.out/runtime-streams/dist/app.js";

const app = createStreamApp({ heartbeat: 50 });
const server = Bun.serve({ fetch: app.fetch, hostname: "127.0.0.1", port: Number(process.env.PORT ?? 3000) });
console.log(`bun: listening on ${server.url}`);
