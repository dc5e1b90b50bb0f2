import type { WSContext } from "hono/ws";
import type { Connection } from "../declarations/connection.js";
import type { JsonWriter } from "../response/responses.js";

// The `Connection<In, Out>` a socket handler gets (docs/guide/websockets.md,
// "WebSocket routes"): the messages checked so far wait in a queue until the
// handler's `for await` asks for them, and the iteration ends when the
// connection closes. A handler that falls far behind has its connection
// closed rather than the queue grow without end.

/** Messages that may wait for the handler before honest closes the connection with 1008. */
export const MAX_WAITING_MESSAGES = 1024;

const OPEN = 1;

/** What WebSocket's close() accepts from application code: 1000, or 3000 to 4999. */
function isApplicationCode(code: number): boolean {
  return code === 1000 || (Number.isInteger(code) && code >= 3000 && code <= 4999);
}

export class SocketConnection<In, Out> implements Connection<In, Out> {
  readonly #socket: WSContext;
  readonly #write: JsonWriter;
  readonly #waiting: In[] = [];
  /** The handler's `for await`, waiting for the next message. */
  #reader: ((result: IteratorResult<In, undefined>) => void) | undefined;
  /** Closing or closed, by either side: nothing more is sent. */
  #closing = false;
  /** Closed: once the handler has the messages that wait, its loop ends. */
  #closed = false;
  /** The handler left its loop: later messages are dropped. */
  #stopped = false;
  #iterated = false;

  constructor(socket: WSContext, write: JsonWriter) {
    this.#socket = socket;
    this.#write = write;
  }

  get open(): boolean {
    return !this.#closing && this.#socket.readyState === OPEN;
  }

  send(message: Out): boolean {
    if (!this.open) return false;
    this.#socket.send(this.#write(message));
    return true;
  }

  close(code = 1000, reason?: string): void {
    if (!isApplicationCode(code)) {
      throw new RangeError(`honest: a connection closes with 1000 or a code from 3000 to 4999; got ${String(code)}`);
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
    try {
      this.#socket.close(code, reason);
    } catch {
      this.#socket.close(isApplicationCode(code) ? 1000 : 4000 + (code % 1000), reason);
    }
  }

  /** A checked message for the handler; false when too many already wait. */
  receive(message: In): boolean {
    if (this.#stopped) return true;
    const reader = this.#reader;
    if (reader) {
      this.#reader = undefined;
      reader({ value: message, done: false });
      return true;
    }
    if (this.#waiting.length >= MAX_WAITING_MESSAGES) return false;
    this.#waiting.push(message);
    return true;
  }

  /** The connection closed: the handler's loop ends once it has the messages that wait. */
  end(): void {
    this.#closing = true;
    this.#closed = true;
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
        if (this.#waiting.length > 0) return Promise.resolve({ value: this.#waiting.shift()!, done: false });
        if (this.#closed || this.#stopped) return Promise.resolve({ value: undefined, done: true });
        return new Promise((resolve) => {
          this.#reader = resolve;
        });
      },
      // The handler left its loop (`break`, `return`, a throw).
      return: () => {
        this.#stopped = true;
        this.#waiting.length = 0;
        return Promise.resolve({ value: undefined, done: true });
      },
    };
  }
}
