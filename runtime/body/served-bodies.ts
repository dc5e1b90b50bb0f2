import type { IncomingMessage } from "node:http";
import type { BodyMemory } from "./body-memory.js";
import type { BodyStalls } from "./body-stalls.js";

// What serve gives every connection it accepts for the bodies honest reads
// on it: the server's room for bodies (`maxBodyMemory`) and its watch on
// bodies that stall (`bodyIdleTimeout`) (docs/reference/limits.md, "Bodies
// held at once, and connections"). Elsewhere (app.request, other runtimes,
// another Node server) no socket carries them, and bodies are read without.

/** Where serve puts them on each socket; registered, so that the ESM and CommonJS copies of honest agree. */
export const SERVED_BODIES = Symbol.for("honest.servedBodies");

export interface ServedBodies {
  readonly memory: BodyMemory | undefined;
  readonly stalls: BodyStalls | undefined;
}

/** What serve gave the request's connection, else undefined. */
export function servedBodiesOf(incoming: IncomingMessage): ServedBodies | undefined {
  return (incoming.socket as { [SERVED_BODIES]?: ServedBodies } | null)?.[SERVED_BODIES];
}
