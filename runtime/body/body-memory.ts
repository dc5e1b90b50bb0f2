import type { IncomingMessage, ServerResponse } from "node:http";
import type { HttpError } from "../errors/http-error.js";
import { refusal } from "../errors/failed-check.js";

// The bytes of request bodies held in memory at once across all of a
// server's connections, bounded by serve's `maxBodyMemory` (docs/reference/limits.md, "Limits,
// timeouts and failures"). serve puts one BodyMemory on every socket it
// accepts. A body read from Node's request reserves, before its first byte
// is read, the most it may hold (its content-length, or bodyLimit when it
// is chunked), so a body once admitted is never cut off for want of room;
// what it reserved comes back when its response closes, however the request
// ends. Elsewhere (app.request, other runtimes, another Node server) no
// socket carries one, and bodies are read as before.

/** Where serve puts the server's BodyMemory on each socket; registered, so that the ESM and CommonJS copies of honest agree. */
export const BODY_MEMORY = Symbol.for("honest.bodyMemory");
/** What a request reserved, until it is given back. */
const RESERVED = Symbol("honest.reservedBodyMemory");
/** What a client refused for want of room is told to wait, in seconds: about Node's keep-alive timeout, and ample for bodies in flight to end. */
export const RETRY_AFTER_SECONDS = 5;

type Reserving = IncomingMessage & { [RESERVED]?: number };

export class BodyMemory {
  /** Bytes reserved now. */
  held = 0;
  // Listeners for the close events, one pair per server rather than a closure per request.
  readonly #responseClosed: (this: ServerResponse) => void;
  readonly #requestClosed: (this: IncomingMessage) => void;

  constructor(readonly limit: number) {
    const memory = this;
    this.#responseClosed = function () {
      memory.#giveBack(this.req);
    };
    this.#requestClosed = function () {
      memory.#giveBack(this);
    };
  }

  /**
   * Reserves room for a body of up to `bytes` until its response closes, or
   * returns the 503 that refuses it. A body larger than the whole limit
   * reserves all of it: it is read alone, or it could never be read.
   */
  reserve(incoming: IncomingMessage, outgoing: ServerResponse, bytes: number): HttpError | undefined {
    const taken = Math.min(bytes, this.limit);
    if (taken === 0) return undefined;
    if (this.held + taken > this.limit) {
      // Refused unread, as a body whose content-length is over bodyLimit is: what
      // the client still sends is drained and dropped (by @hono/node-server, for
      // up to 500 ms) rather than cut off, so that it reads the answer.
      outgoing.setHeader("retry-after", String(RETRY_AFTER_SECONDS));
      return refusal("body-memory", 503, "the server is holding as many request bodies as it has room for; retry later");
    }
    this.held += taken;
    (incoming as Reserving)[RESERVED] = taken;
    outgoing.on("close", this.#responseClosed);
    // A response queued behind another on its connection (pipelining) is never
    // closed by Node if the connection goes first: its room comes back when its
    // request ends instead.
    if (!outgoing.socket) incoming.on("close", this.#requestClosed);
    return undefined;
  }

  #giveBack(request: Reserving): void {
    this.held -= request[RESERVED] ?? 0;
    request[RESERVED] = 0;
  }
}

/** The server's BodyMemory when serve accepted the request's connection, else undefined. */
export function bodyMemoryOf(incoming: IncomingMessage): BodyMemory | undefined {
  return (incoming.socket as { [BODY_MEMORY]?: BodyMemory } | null)?.[BODY_MEMORY];
}
