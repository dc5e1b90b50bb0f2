// The example as a Cloudflare worker, bundled with esbuild and run by workerd
// with no compatibility flags: a module whose default export has `fetch`
// (README, "Deploying: Node, Bun, Deno, Cloudflare Workers").
import "./worker-process.mjs";
import { createExampleApp } from "../../../example/dist/app.js";

const app = createExampleApp();

export default { fetch: app.fetch };
