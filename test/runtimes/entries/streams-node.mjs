// The stream fixture (test/support/stream-fixture.ts, compiled into
// test/.out/runtime-streams) on Node, served by honest/node's serve, a
// heartbeat every 50 ms (docs/guide/streams.md, "Streams").
// The test folder has a package.json of its own, so honest is reached by its path rather than by name.
import { serve } from "../../../dist/esm/runtime/node.js";
import { createStreamApp } from "../../.out/runtime-streams/dist/app.js";

serve(createStreamApp({ heartbeat: 50 }), { port: Number(process.env.PORT ?? 3000), hostname: "127.0.0.1", gracePeriod: 100 });
