// The stream fixture (test/support/stream-fixture.ts, compiled into
// test/.out/runtime-streams) as a Cloudflare worker, bundled with esbuild and
// run by workerd with no compatibility flags, a heartbeat every 50 ms
// (docs/guide/streams.md, "Streams").
import "./worker-process.mjs";
import { createStreamApp } from "../../.out/runtime-streams/dist/app.js";

const app = createStreamApp({ heartbeat: 50 });

export default { fetch: app.fetch };
