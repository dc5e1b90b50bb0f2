import type { WSContext } from "hono/ws";
import type { Connection } from "../declarations/connection.js";
import type { JsonWriter } from "../response/responses.js";
import { type SocketFlow, socketFlow } from "./socket-flow.js";

// The `Connection<In, Out>` a socket handler gets (docs/guide/websockets.md,
// "WebSocket routes"): the messages checked so far wait in a queue until the
// handler's `for await` asks for them, and the iteration ends when the
// connection closes. Nothing one client does grows the server's memory
// without bound (docs/guide/websockets.md, "Limits and liveness"): the
// messages waiting are bounded in bytes, and past that the client's frames
// are no longer read until the handler catches up (on Node; elsewhere the
// connection is closed with 1008); outgoing messages queue up to
// `highWaterMark` before `backedUp` says so, and a client that lets them
// reach `maxBuffered` is closed with 1008. While its own answers back up,
// a client's frames are not read either.

/** Messages that may wait for the handler, whatever their size, before honest stops reading (or closes with 1008). */
export const MAX_WAITING_MESSAGES = 1024;
/** How often a connection waiting to drain looks at its backlog: runtimes tell no drain of a WebSocket. */
const DRAIN_CHECK_MS = 20;
/** The most a close reason may be in UTF-8: a close frame's payload is 125 bytes, 2 of them the code. */
export const MAX_CLOSE_REASON_BYTES = 123;

const OPEN = 1;

/** What a connection's limits are (createApp's `sockets` and `bodyLimit`). */
export interface ConnectionLimits {
  readonly highWaterMark: number;
  readonly maxBuffered: number;
  /** Bytes of messages' text that may wait for the handler: the body limit, so one message always fits. */
  readonly maxWaiting: number;
}

/** What application code may close with: 1000, or 3000 to 4999. */
function isApplicationCode(code: number): boolean {
  return code === 1000 || (Number.isInteger(code) && code >= 3000 && code <= 4999);
}

export class SocketConnection<In, Out> implements Connection<In, Out> {
  readonly #socket: WSContext;
  readonly #write: JsonWriter;
  readonly #limits: ConnectionLimits;
  readonly #flow: SocketFlow;
  readonly #waiting: In[] = [];
  /** The text bytes of each message waiting, in step with #waiting. */
  readonly #waitingSizes: number[] = [];
  #waitingBytes = 0;
  /** The handler's `for await`, waiting for the next message. */
  #reader: ((result: IteratorResult<In, undefined>) => void) | undefined;
  /** Closing or closed, by either side: nothing more is sent. */
  #closing = false;
  /** Closed: once the handler has the messages that wait, its loop ends. */
  #closed = false;
  /** The handler left its loop: later messages are dropped. */
  #stopped = false;
  #iterated = false;
  /** Why the client's frames are not being read: its answers back up, or its messages wait. */
  #pausedForBacklog = false;
  #pausedForWaiting = false;
  /**
   * Messages that arrived after reading paused for the backlog, read in order once it drains: ws delivers the
   * rest of a read it had begun (up to 64 KiB, 9 000 one-byte messages), and answering those at once would queue
   * 24 times their bytes of answers.
   */
  #held: (() => void)[] = [];
  /** Resolved as the backlog falls under the high-water mark, or the connection closes. */
  #drainWaiters: ((drained: boolean) => void)[] = [];
  #drainTimer: ReturnType<typeof setInterval> | undefined;

  constructor(socket: WSContext, write: JsonWriter, limits: ConnectionLimits) {
    this.#socket = socket;
    this.#write = write;
    this.#limits = limits;
    this.#flow = socketFlow(socket.raw);
  }

  get open(): boolean {
    return !this.#closing && this.#socket.readyState === OPEN;
  }

  get buffered(): number {
    return this.#flow.buffered();
  }

  get backedUp(): boolean {
    return this.#flow.buffered() >= this.#limits.highWaterMark;
  }

  send(message: Out): boolean {
    return this.sendText(this.#write(message));
  }

  /** Sends text as it is (a message honest writes itself): false once closing, or when the client has let `maxBuffered` pile up. */
  sendText(text: string): boolean {
    if (!this.open) return false;
    if (this.#flow.buffered() >= this.#limits.maxBuffered) {
      this.closeWith(1008, "the client does not read its messages");
      return false;
    }
    this.#socket.send(text);
    return true;
  }

  drained(): Promise<boolean> {
    if (!this.open) return Promise.resolve(false);
    if (!this.backedUp) return Promise.resolve(true);
    return new Promise((resolve) => {
      this.#drainWaiters.push(resolve);
      this.#watchDrain();
    });
  }

  close(code = 1000, reason = ""): void {
    if (!isApplicationCode(code)) {
      throw new RangeError(`honest: a connection closes with 1000 or a code from 3000 to 4999; got ${String(code)}`);
    }
    const bytes = new TextEncoder().encode(reason).byteLength;
    if (bytes > MAX_CLOSE_REASON_BYTES) {
      throw new RangeError(
        `honest: a close reason is at most ${MAX_CLOSE_REASON_BYTES} bytes of UTF-8 (a close frame's room); got ${bytes}`,
      );
    }
    this.closeWith(code, reason);
  }

  /**
   * Closes with any code, honest's own included (1003, 1008, 1009, 1011). A
   * WebSocket that keeps to the browser's rules would refuse those from
   * application code (Node, Bun, Deno and workerd all take them): there the
   * same number in the private range says it, 4000 + the code's last three
   * digits (4011 for 1011), with the same reason.
   */
  closeWith(code: number, reason = ""): void {
    if (this.#closing) return;
    this.#closing = true;
    this.#settleDrain(false);
    try {
      this.#socket.close(code, reason);
    } catch {
      try {
        this.#socket.close(isApplicationCode(code) ? 1000 : 4000 + (code % 1000), reason);
      } catch {
        this.#socket.close();
      }
    }
  }

  /**
   * A message honest answers itself (a MessageProblem): sent like any other,
   * and while the client's answers back up its frames are not read, so a
   * client that sends without reading cannot make the server hold its replies.
   */
  reply(text: string): void {
    if (!this.sendText(text)) return;
    if (this.#flow.pause !== undefined && this.backedUp && !this.#pausedForBacklog) {
      this.#pausedForBacklog = true;
      this.#flow.pause();
      void this.drained().then(() => {
        this.#pausedForBacklog = false;
        this.#readHeld();
        this.#resumeIfFree();
      });
    }
  }

  /** Reads a message now, or, while the client's answers back up, once they drain. */
  whenReading(read: () => void): void {
    if (this.#pausedForBacklog) this.#held.push(read);
    else read();
  }

  /** The messages held while paused, in order, until one backs the answers up again. */
  #readHeld(): void {
    let index = 0;
    while (index < this.#held.length && !this.#pausedForBacklog) this.#held[index++]!();
    this.#held = this.#held.slice(index);
  }

  /** A checked message for the handler, `size` bytes of text; false when it cannot wait (where reading cannot pause). */
  receive(message: In, size: number): boolean {
    if (this.#stopped) return true;
    const reader = this.#reader;
    if (reader) {
      this.#reader = undefined;
      reader({ value: message, done: false });
      return true;
    }
    const full = this.#waiting.length >= MAX_WAITING_MESSAGES || this.#waitingBytes + size > this.#limits.maxWaiting;
    // One message always waits, whatever its size: the body limit already bounds it.
    if (full && this.#waiting.length > 0 && this.#flow.pause === undefined) return false;
    this.#waiting.push(message);
    this.#waitingSizes.push(size);
    this.#waitingBytes += size;
    if (this.#flow.pause !== undefined && !this.#pausedForWaiting && this.#waitingFull()) {
      this.#pausedForWaiting = true;
      this.#flow.pause();
    }
    return true;
  }

  /** The connection closed: the handler's loop ends once it has the messages that wait. */
  end(): void {
    this.#closing = true;
    this.#closed = true;
    this.#settleDrain(false);
    const reader = this.#reader;
    if (reader) {
      this.#reader = undefined;
      reader({ value: undefined, done: true });
    }
  }

  [Symbol.asyncIterator](): AsyncIterator<In, undefined> {
    if (this.#iterated) throw new Error("honest: a connection's messages can be read by one loop only");
    this.#iterated = true;
    return {
      next: () => {
        if (this.#waiting.length > 0) return Promise.resolve({ value: this.#take(), done: false });
        if (this.#closed || this.#stopped) return Promise.resolve({ value: undefined, done: true });
        return new Promise((resolve) => {
          this.#reader = resolve;
        });
      },
      // The handler left its loop (`break`, `return`, a throw).
      return: () => {
        this.#stopped = true;
        this.#waiting.length = 0;
        this.#waitingSizes.length = 0;
        this.#waitingBytes = 0;
        this.#pausedForWaiting = false;
        this.#resumeIfFree();
        return Promise.resolve({ value: undefined, done: true });
      },
    };
  }

  #take(): In {
    this.#waitingBytes -= this.#waitingSizes.shift()!;
    const message = this.#waiting.shift()!;
    if (this.#pausedForWaiting && !this.#waitingFull()) {
      this.#pausedForWaiting = false;
      this.#resumeIfFree();
    }
    return message;
  }

  #waitingFull(): boolean {
    return this.#waiting.length >= MAX_WAITING_MESSAGES || this.#waitingBytes >= this.#limits.maxWaiting;
  }

  #resumeIfFree(): void {
    if (!this.#pausedForBacklog && !this.#pausedForWaiting && !this.#closing) this.#flow.resume?.();
  }

  #watchDrain(): void {
    if (this.#drainTimer !== undefined) return;
    this.#drainTimer = setInterval(() => {
      if (!this.open) this.#settleDrain(false);
      else if (!this.backedUp) this.#settleDrain(true);
    }, DRAIN_CHECK_MS);
  }

  #settleDrain(drained: boolean): void {
    if (this.#drainTimer !== undefined) clearInterval(this.#drainTimer);
    this.#drainTimer = undefined;
    const waiters = this.#drainWaiters;
    this.#drainWaiters = [];
    for (const resolve of waiters) resolve(drained);
  }
}
