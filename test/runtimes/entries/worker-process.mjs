// Without nodejs_compat a worker has no `process`, and the example reads its
// settings from process.env, Node's way. This gives it one holding the
// worker's bindings; imported before the app, it runs first.
import { env } from "cloudflare:workers";

globalThis.process ??= { env: { ...env } };
