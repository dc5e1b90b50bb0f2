import type { IncomingMessage, ServerResponse } from "node:http";

// On Node, app.fetch is handed Node's own request, and its response, as the
// env: @hono/node-server's `{ incoming, outgoing }`, and honest/node's serve
// hands a WebSocket handshake's request alike, with no response (it answers
// on the socket). What honest reads of them (the request target, the raw
// header lines, the body's pieces) and writes (headers set before the answer,
// a connection closed) it reaches through this one question; app.request and
// every other runtime have no such env and take the Web's path.

/** Node's request and response behind a request's env. */
export interface NodeExchange {
  readonly incoming: IncomingMessage;
  /** undefined for a WebSocket handshake serve hands the app: it is answered on its socket. */
  readonly outgoing: ServerResponse | undefined;
}

/** Node's request and response when the env is Node's (@hono/node-server's, or serve's handshake's); undefined elsewhere. */
export function nodeExchangeIn(env: unknown): NodeExchange | undefined {
  const exchange = env as Partial<NodeExchange> | undefined;
  if (!Array.isArray(exchange?.incoming?.rawHeaders)) return undefined;
  const outgoing = exchange.outgoing;
  return outgoing === undefined || typeof outgoing.setHeader === "function" ? (exchange as NodeExchange) : undefined;
}
