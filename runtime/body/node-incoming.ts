import type { Context } from "hono";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { BodySink } from "./body-sink.js";
import type { HttpError } from "../errors/http-error.js";
import { bodyMemoryOf } from "./body-memory.js";
import { refusal } from "../errors/failed-check.js";

// On @hono/node-server the handler can reach Node's own request: the server
// hands `{ incoming, outgoing }` to app.fetch as the env. Reading the body
// from it skips the Web Request's body machinery (a copy into a fresh
// ArrayBuffer per request); every other runtime, and app.request, takes the
// standard path.

export interface NodeExchange {
  readonly incoming: IncomingMessage;
  readonly outgoing: ServerResponse;
}

/** Node's request and response behind `c`, while nothing has read the request's body yet; otherwise undefined. */
export function unreadNodeExchange(c: Context): NodeExchange | undefined {
  const exchange = c.env as Partial<NodeExchange> | undefined;
  const incoming = exchange?.incoming;
  if (incoming === undefined || typeof incoming !== "object" || typeof incoming.on !== "function") return undefined;
  if (incoming.readableDidRead || incoming.readableEnded || typeof exchange?.outgoing?.setHeader !== "function") return undefined;
  return exchange as NodeExchange;
}

/**
 * The body's pieces, handed to `body` as they arrive (a BodyBuffer gathers
 * them; a form's parser parses them): a piece it refuses (past
 * the limit, too many tiny pieces, a broken form) rejects with its HttpError and stops
 * reading, and the answer closes the connection, so the rest of the body is
 * never read (@hono/node-server would otherwise drain it for up to 500 ms).
 * Under serve, the body first reserves `size` bytes (the most it may hold)
 * of the server's room for bodies, or is refused with a 503 unread.
 */
export function readIncoming<T>({ incoming, outgoing }: NodeExchange, body: BodySink<T>, size: number): Promise<T> {
  // Gone before the read began: the close events have passed, and what is reserved now would never come back.
  if (incoming.destroyed || outgoing.destroyed) return Promise.reject(closedEarly());
  const busy = bodyMemoryOf(incoming)?.reserve(incoming, outgoing, size);
  if (busy !== undefined) return Promise.reject(busy);
  return new Promise((resolve, reject) => {
    const stop = () => {
      incoming.off("data", onData);
      incoming.off("end", onEnd);
      incoming.off("error", onGone);
      incoming.off("close", onGone);
    };
    const onData = (piece: Buffer) => {
      const refused = body.add(piece);
      if (refused !== undefined) {
        stop();
        // Not paused: what Node's parser has already taken off the socket would
        // pile up in the request's buffer, a Buffer per piece. Discarded, it is
        // garbage at once, and the closing answer ends the reading.
        incoming.on("data", discard);
        if (!outgoing.headersSent) outgoing.setHeader("connection", "close");
        reject(refused);
      }
    };
    const onEnd = () => {
      stop();
      try {
        resolve(body.end());
      } catch (error) {
        reject(error);
      }
    };
    // An error ("aborted") or a close before the end: the client went away
    // mid-body, or Node's requestTimeout cut it off. No answer can reach it,
    // and nothing is logged: a client that leaves is not a fault of the server.
    const onGone = () => {
      stop();
      reject(closedEarly());
    };
    incoming.on("data", onData);
    incoming.on("end", onEnd);
    incoming.on("error", onGone);
    incoming.on("close", onGone);
  });
}

function discard(): void {}

function closedEarly(): HttpError {
  return refusal("body", 400, "the connection closed before the body ended");
}
