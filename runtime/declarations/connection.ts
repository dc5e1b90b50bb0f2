import type { BodyFault } from "../errors/rendered-problem.js";

// The parameter a `@Socket(path)` handler takes (docs/guide/websockets.md,
// "WebSocket routes"): the open WebSocket, typed by the messages it carries.
// honest's runtime implements it (runtime/socket/socket-connection.ts); the
// transformer recognises it by its `@honest` tag, as it does the markers.

/**
 * One open WebSocket of a `@Socket(path)` route: the messages the client sends, each a JSON text checked against
 * `In` by code generated for `In` (a message that is not an `In` is answered with a `MessageProblem` and never
 * reaches the handler), and `send`, which writes an `Out` as JSON by code generated for `Out` (i64s exact,
 * undeclared properties dropped). The connection lasts while the handler runs: iterate it with
 * `for await (const message of connection)`, which ends when the client closes; when the handler returns, honest
 * closes the connection (1000), and when it throws, honest logs the error and closes it with 1011.
 * @honest Connection
 */
export interface Connection<In, Out> extends AsyncIterable<In> {
  /**
   * Sends `message` as one text frame. Returns false, sending nothing, once the connection is closing or closed, so
   * a broadcast may go on past a client that has just left.
   */
  send(message: Out): boolean;
  /**
   * Bytes of messages sent and not yet handed to the network: a client that reads slowly (or not at all) lets them
   * pile up. Past createApp's `sockets.maxBuffered` (1 MiB unless set), `send` closes the connection with 1008 and
   * returns false (docs/guide/websockets.md, "Limits and liveness").
   */
  readonly buffered: number;
  /**
   * Whether `buffered` has reached createApp's `sockets.highWaterMark` (64 KiB unless set): a broadcast skips such a
   * connection, or awaits `drained()` before sending more.
   */
  readonly backedUp: boolean;
  /** Resolves true once `backedUp` is false again, or false if the connection closes first. */
  drained(): Promise<boolean>;
  /**
   * Closes the connection: 1000 (normal) unless `code` (1000, or 3000 to 4999) says otherwise, with `reason`, at most
   * 123 bytes of UTF-8 (a close frame's room: a longer one throws a RangeError, as a browser's WebSocket does).
   */
  close(code?: number, reason?: string): void;
  /** Whether the connection is open: messages may still arrive, and `send` sends. */
  readonly open: boolean;
}

/**
 * What a socket route sends back for a message it refuses (docs/guide/websockets.md, "A message honest refuses"):
 * a problem document (RFC 9457) whose `type` says it is this one, `status` 400, and, for a message that is JSON
 * but not an `In`, every fault with its path, as a refused request body lists them.
 */
export interface MessageProblem {
  readonly type: typeof MESSAGE_PROBLEM_TYPE;
  readonly title: "Bad Request";
  readonly status: 400;
  readonly detail: string;
  readonly errors?: readonly BodyFault[];
}

/** The `type` of a `MessageProblem`, which no answer of a route has: a client tells a refusal from an `Out` by it. */
export const MESSAGE_PROBLEM_TYPE = "urn:honest:message-refused";
