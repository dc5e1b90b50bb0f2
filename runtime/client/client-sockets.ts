import { MESSAGE_PROBLEM_TYPE, type MessageProblem } from "../declarations/connection.js";
import { jsonText } from "../response/json-text.js";
import { inputHeaders, queryString, setCallHeaders } from "./call-inputs.js";
import type { ClientOptions } from "./client-calls.js";
import { parseAnswerJson } from "./exact-json.js";

// The sockets of a generated client (docs/guide/websockets.md, "In the
// generated client"): each socket route's function opens a WebSocket at the
// client's base URL (http → ws), sends `In` as JSON with bigints exact and
// Dates as RFC 3339 text, and yields each `Out` the route sends, read exactly
// when `Out` holds an i64 or a Date. A message the route refused comes back
// as a MessageProblem: given to `onProblem`, or, without one, thrown by the
// loop that reads the socket.
// Imported only by a client whose app has socket routes, so a plain client
// ships none of it.

/**
 * What opens a WebSocket: the platform's (`globalThis.WebSocket`), or another with the same events, such as ws's on
 * Node 20 (whose own types differ from the platform's, hence `any`).
 */
export type WebSocketConstructor = new (url: string, options?: any) => any;

/** `createClient`'s options when the app has socket routes. */
export interface SocketClientOptions extends ClientOptions {
  /** Default: the global WebSocket (Node 22 and later, browsers, Bun, Deno). */
  readonly WebSocket?: WebSocketConstructor;
}

export interface SocketCallOptions {
  /**
   * Headers sent with the upgrade request, over the client's: Node, Bun and Deno send them; a browser cannot send
   * headers with a WebSocket, so there give credentials in a cookie or the query string.
   */
  readonly headers?: HeadersInit;
  /** Called with each message the route refused; without it, the loop reading the socket throws a MessageRefused. */
  readonly onProblem?: (problem: MessageProblem) => void;
}

/** An open socket of a route: `send` an `In`, and `for await` each `Out`, until the connection closes. */
export interface ClientSocket<In, Out> extends AsyncIterable<Out> {
  send(message: In): void;
  close(code?: number, reason?: string): void;
  /** Resolves with the close's code and reason once the connection has closed. */
  readonly closed: Promise<{ readonly code: number; readonly reason: string }>;
}

/** One socket route's call, as the generated function describes it. */
export interface SocketCall {
  /** The path with its placeholders filled in and percent-encoded. */
  readonly path: string;
  readonly query?: Readonly<Record<string, unknown>> | undefined;
  /** Headers and cookies of the upgrade request (which a browser cannot send). */
  readonly headers?: Readonly<Record<string, unknown>> | undefined;
  readonly cookies?: Readonly<Record<string, unknown>> | undefined;
  /** Given when `Out` holds an i64 or a Date: each message is read exactly, then given its declared types. */
  readonly read?: ((value: unknown) => unknown) | undefined;
}

/** A message the route refused, thrown by the loop reading a socket opened without `onProblem`. */
export class MessageRefused extends Error {
  constructor(readonly problem: MessageProblem) {
    super(`the socket refused a message: ${problem.detail}`);
    this.name = "MessageRefused";
  }
}

/** The socket closed otherwise than normally (1000, 1001, 1005): the loop reading it throws this once the messages before are read. */
export class SocketClosed extends Error {
  constructor(
    readonly code: number,
    readonly reason: string,
  ) {
    super(`the socket closed with ${code}${reason === "" ? "" : `: ${reason}`}`);
    this.name = "SocketClosed";
  }
}

export type OpenSocket = <In, Out>(call: SocketCall, options?: SocketCallOptions) => Promise<ClientSocket<In, Out>>;

const NORMAL_CLOSES = [1000, 1001, 1005];

type Arrival = { readonly message: unknown } | { readonly error: Error } | { readonly end: true };

/** The function each generated socket route calls; resolves once the socket is open, rejects if it cannot open. */
export function connectSockets(options: SocketClientOptions = {}): OpenSocket {
  const base = (options.baseUrl ?? "http://localhost").replace(/\/+$/, "").replace(/^http/, "ws");
  return async <In, Out>(call: SocketCall, callOptions: SocketCallOptions = {}) => {
    const headers = await inputHeaders(options.headers, call);
    setCallHeaders(headers, callOptions.headers);
    const url = `${base}${call.path}${queryString(call.query)}`;
    const Socket = options.WebSocket ?? WebSocket;
    // Only a socket with headers to send is given them: a browser's WebSocket takes no such argument.
    const socket: WebSocket = [...headers].length > 0 ? new Socket(url, { headers: Object.fromEntries(headers) }) : new Socket(url);
    return open<In, Out>(socket, url, call, callOptions);
  };
}

function open<In, Out>(socket: WebSocket, url: string, call: SocketCall, callOptions: SocketCallOptions): Promise<ClientSocket<In, Out>> {
  const arrivals: Arrival[] = [];
  let reader: ((arrival: Arrival) => void) | undefined;
  const arrive = (arrival: Arrival) => {
    if (reader) {
      const waiting = reader;
      reader = undefined;
      waiting(arrival);
    } else arrivals.push(arrival);
  };
  socket.addEventListener("message", (event: MessageEvent) => {
    if (typeof event.data !== "string") return;
    let value: unknown;
    try {
      value = parseAnswerJson(event.data, call.read !== undefined);
      // A message problem is not `Out`: it is not read as one.
      if (!isMessageProblem(value) && call.read) value = call.read(value);
    } catch (error) {
      // Not JSON, a number at an i64 that is not a 64-bit integer, or a text at a Date that is no date-time: the loop reading the socket throws it.
      arrive({ error: error as Error });
      return;
    }
    if (isMessageProblem(value)) {
      if (callOptions.onProblem) callOptions.onProblem(value);
      else arrive({ error: new MessageRefused(value) });
    } else arrive({ message: value });
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) => {
    socket.addEventListener("close", (event: CloseEvent) => {
      if (!NORMAL_CLOSES.includes(event.code)) arrive({ error: new SocketClosed(event.code, event.reason) });
      arrive({ end: true });
      resolve({ code: event.code, reason: event.reason });
    });
  });
  const opened: ClientSocket<In, Out> = {
    send: (message) => socket.send(jsonText(message) ?? "null"),
    close: (code, reason) => socket.close(code, reason),
    closed,
    [Symbol.asyncIterator]: () => ({
      next: async () => {
        const arrival = arrivals.shift() ?? (await new Promise<Arrival>((resolve) => (reader = resolve)));
        if ("error" in arrival) throw arrival.error;
        if ("end" in arrival) {
          arrivals.unshift(arrival);
          return { value: undefined, done: true };
        }
        return { value: arrival.message as Out, done: false };
      },
      return: async () => {
        socket.close(1000);
        return { value: undefined, done: true };
      },
    }),
  };
  return new Promise((resolve, reject) => {
    socket.addEventListener("open", () => resolve(opened), { once: true });
    socket.addEventListener("error", () => reject(new Error(`the WebSocket at ${url} could not be opened`)), { once: true });
  });
}

function isMessageProblem(value: unknown): value is MessageProblem {
  return typeof value === "object" && value !== null && (value as { type?: unknown }).type === MESSAGE_PROBLEM_TYPE;
}
