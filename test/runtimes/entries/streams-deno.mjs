// The stream fixture (test/support/stream-fixture.ts, compiled into
// test/.out/runtime-streams) on Deno, served by Deno.serve, a heartbeat every
// 50 ms (docs/guide/streams.md, "Streams").
import { createStreamApp } from "../../.out/runtime-streams/dist/app.js";

const app = createStreamApp({ heartbeat: 50 });
Deno.serve({ hostname: "127.0.0.1", port: Number(Deno.env.get("PORT") ?? 3000) }, app.fetch);
