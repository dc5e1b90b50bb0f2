// The Node server: `import { serve } from "honest/node"`. Kept out of the
// root entry so that "honest" imports nothing from node:* and bundles for any
// Hono runtime.
export { serve, type ServeOptions, type RunningServer } from "./node/serve.js";
export { upgradeWebSocket } from "./node/node-sockets.js";
export { fileFrom, type FileFromOptions } from "./node/file-from.js";
