import type { IncomingMessage, ServerResponse } from "node:http";
import type { HttpError } from "../errors/http-error.js";
import type { BodyRoom } from "./body-room.js";
import { refusal } from "../errors/failed-check.js";

// The bytes of request bodies held in memory at once across all of a
// server's connections, bounded by serve's `maxBodyMemory`
// (docs/reference/limits.md, "Bodies held at once, and connections"). A body
// read from Node's request takes room as it holds bytes, before it holds
// them, in step with its buffer (body-buffer.ts) or with the pieces a form's
// parser keeps: what it might hold (its content-length, or bodyLimit when
// chunked) is never taken ahead, so that connections that send a head and a
// byte hold a byte's worth, not a body's. What it took comes back when its
// response closes, however the request ends. A body that finds no room is
// refused: unread with a 503 when the room has less free than it declares
// (or than a byte, when chunked), and cut off with a 503 (the connection
// closed) when it finds none later, as it grows.

/** What a request holds, until it is given back. */
const HOLD = Symbol("honest.bodyHold");
/** What a client refused for want of room is told to wait, in seconds: about Node's keep-alive timeout, and ample for bodies in flight to end. */
export const RETRY_AFTER_SECONDS = 5;

type Holding = IncomingMessage & { [HOLD]?: BodyHold };

export class BodyMemory {
  /** Bytes taken now. */
  held = 0;
  // Listeners for the close events, one pair per server rather than a closure per request.
  readonly #responseClosed: (this: ServerResponse) => void;
  readonly #requestClosed: (this: IncomingMessage) => void;

  constructor(readonly limit: number) {
    this.#responseClosed = function () {
      (this.req as Holding)[HOLD]?.giveBack();
    };
    this.#requestClosed = function () {
      (this as Holding)[HOLD]?.giveBack();
    };
  }

  /**
   * A hold on the room for a body about to be read, taking nothing yet; or
   * the 503 that refuses the body unread, when the room has less free than
   * it declares (`declared`, or one byte when chunked). The hold is given
   * back when the response closes.
   */
  open(incoming: IncomingMessage, outgoing: ServerResponse, declared: number | null): BodyHold | HttpError {
    if (this.held + Math.min(declared ?? 1, this.limit) > this.limit) return this.refuse(outgoing);
    const hold = new BodyHold(this, outgoing);
    (incoming as Holding)[HOLD] = hold;
    outgoing.on("close", this.#responseClosed);
    // A response queued behind another on its connection (pipelining) is never
    // closed by Node if the connection goes first: its room comes back when its
    // request ends instead.
    if (!outgoing.socket) incoming.on("close", this.#requestClosed);
    return hold;
  }

  /** Takes `bytes` of the room if they fit (false if they do not): a body's growth, or a WebSocket message's (node/socket-frames.ts). */
  take(bytes: number): boolean {
    if (this.held + bytes > this.limit) return false;
    this.held += bytes;
    return true;
  }

  giveBack(bytes: number): void {
    this.held -= bytes;
  }

  /** The 503 for a body there is no room for, with the Retry-After its client is told. */
  refuse(outgoing: ServerResponse): HttpError {
    if (!outgoing.headersSent) outgoing.setHeader("retry-after", String(RETRY_AFTER_SECONDS));
    return refusal("body-memory", 503, "the server is holding as many request bodies as it has room for; retry later");
  }
}

/** The room one body has taken, given back all at once. */
export class BodyHold implements BodyRoom {
  /** Bytes taken so far. */
  taken = 0;
  #given = false;

  constructor(
    readonly memory: BodyMemory,
    readonly outgoing: ServerResponse,
  ) {}

  /**
   * Takes room for `bytes` more bytes, or returns the 503 when there is none.
   * A body larger than the whole room takes all of it: it is read alone, or
   * it could never be read.
   */
  take(bytes: number): HttpError | undefined {
    const memory = this.memory;
    const more = Math.min(bytes, memory.limit - this.taken);
    if (this.#given) return memory.refuse(this.outgoing);
    if (more <= 0) return undefined;
    if (!memory.take(more)) return memory.refuse(this.outgoing);
    this.taken += more;
    return undefined;
  }

  giveBack(): void {
    this.memory.giveBack(this.taken);
    this.taken = 0;
    this.#given = true;
  }
}
