import { fileURLToPath } from "node:url";
import { startCommandServer, startServer } from "../http/start-server.mjs";
import { BUN } from "./install.mjs";

// A fresh server process for one contender, pinned and timed as the Node
// bench's: `bun server.mjs <contender>`, or for "honest-node" (for context)
// the Node bench's own honest server.

const SERVER = fileURLToPath(new URL("./server.mjs", import.meta.url));

export const HONEST_ON_NODE = "honest-node";

export function startContender(name) {
  return name === HONEST_ON_NODE ? startServer("honest") : startCommandServer(name, [BUN, SERVER, name]);
}
