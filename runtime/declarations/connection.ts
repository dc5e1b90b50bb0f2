import type { BodyFault } from "../app/rendered-problem.js";

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
  /** Closes the connection: 1000 (normal) unless `code` (1000, or 3000 to 4999) says otherwise, with `reason`. */
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
