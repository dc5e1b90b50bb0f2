// What honest asks of a runtime's WebSocket beyond Hono's WSContext
// (docs/guide/websockets.md, "Limits and liveness"): how many bytes of its
// outgoing messages wait to be sent, and, where the runtime can, to stop and
// start reading the client's frames. Each runtime's socket says it its own
// way: ws (serve on Node) and Deno as `bufferedAmount`, Bun as
// `getBufferedAmount()`; only ws can pause.

export interface SocketFlow {
  /** Bytes sent by the server and not yet handed to the network. */
  buffered(): number;
  /** Stops reading the client's frames (the client is pushed back on by TCP), where the runtime can. */
  readonly pause: (() => void) | undefined;
  readonly resume: (() => void) | undefined;
}

interface RawSocket {
  bufferedAmount?: unknown;
  getBufferedAmount?: unknown;
  pause?: unknown;
  resume?: unknown;
  isPaused?: unknown;
}

export function socketFlow(raw: unknown): SocketFlow {
  const socket = (typeof raw === "object" && raw !== null ? raw : {}) as RawSocket;
  const buffered =
    typeof socket.getBufferedAmount === "function"
      ? () => (socket.getBufferedAmount as () => number).call(socket)
      : () => (typeof socket.bufferedAmount === "number" ? socket.bufferedAmount : 0);
  // ws's pause and resume; a browser-like WebSocket (Deno's) has neither.
  const pausable = typeof socket.pause === "function" && typeof socket.resume === "function" && typeof socket.isPaused === "boolean";
  return {
    buffered,
    pause: pausable ? () => (socket.pause as () => void).call(socket) : undefined,
    resume: pausable ? () => (socket.resume as () => void).call(socket) : undefined,
  };
}
