import type { HttpError } from "../errors/http-error.js";

// What a body being read asks before it holds more bytes: under serve, the
// server's room for bodies (docs/reference/limits.md, "Bodies held at once,
// and connections"); elsewhere there is none, and nothing is asked.

export interface BodyRoom {
  /** Room for `bytes` more bytes of the body, taken before they are held; or why there is none, and the body must stop. */
  take(bytes: number): HttpError | undefined;
}
