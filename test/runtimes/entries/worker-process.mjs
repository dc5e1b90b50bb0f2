// Without nodejs_compat a worker has no `process`, and the example still
// reads its tokens from process.env by hand, Node's way (its Env<T> settings
// come through createApp({ env }) instead). This gives it one holding the
// worker's bindings; imported before the app, it runs first.
import { env } from "cloudflare:workers";

globalThis.process ??= { env: { ...env } };
