import type { Context } from "hono";
import type { IncomingMessage, ServerResponse } from "node:http";
import { type NodeExchange, nodeExchangeIn } from "../common/node-exchange.js";
import type { BodySink } from "./body-sink.js";
import type { BodyRoom } from "./body-room.js";
import { type HttpError, isHttpError } from "../errors/http-error.js";
import { servedBodiesOf } from "./served-bodies.js";
import { refusal } from "../errors/failed-check.js";

// On @hono/node-server the handler can reach Node's own request: the server
// hands `{ incoming, outgoing }` to app.fetch as the env (common/node-exchange.ts). Reading the body
// from it skips the Web Request's body machinery (a copy into a fresh
// ArrayBuffer per request); every other runtime, and app.request, takes the
// standard path.

/** Node's request behind `c` and its response, while nothing has read the request's body yet; otherwise undefined. */
export function unreadNodeBody(c: Context): (NodeExchange & { readonly outgoing: ServerResponse }) | undefined {
  const node = nodeExchangeIn(c.env);
  const outgoing = node?.outgoing;
  if (node === undefined || outgoing === undefined || node.incoming.readableDidRead || node.incoming.readableEnded) return undefined;
  return node as NodeExchange & { readonly outgoing: ServerResponse };
}

/**
 * The body's pieces, handed as they arrive to the sink `sinkFor` makes (a
 * BodyBuffer gathers them; a form's parser parses them): a piece it refuses
 * (past the limit, too many tiny pieces, a broken form, no room left for it)
 * rejects with its HttpError and stops reading, and the answer closes the
 * connection, so the rest of the body is never read (@hono/node-server would
 * otherwise drain it for up to 500 ms). Under serve, the sink takes its room
 * from the server's as it holds bytes, and a body that sends nothing for the
 * idle timeout is refused the same way with a 408; a body that declared more
 * than the room has free is refused with a 503 unread
 * (docs/reference/limits.md, "Bodies held at once, and connections").
 */
export function readIncoming<T>(
  incoming: IncomingMessage,
  outgoing: ServerResponse,
  declared: number | null,
  sinkFor: (room: BodyRoom | undefined) => BodySink<T>,
): Promise<T> {
  // Gone before the read began: the close events have passed, and what is taken now would never come back.
  if (incoming.destroyed || outgoing.destroyed) return Promise.reject(closedEarly());
  const served = servedBodiesOf(incoming);
  const room = served?.memory?.open(incoming, outgoing, declared);
  if (isHttpError(room)) return Promise.reject(room);
  const body = sinkFor(room);
  const stalls = served?.stalls;
  return new Promise((resolve, reject) => {
    const stop = () => {
      incoming.off("data", onData);
      incoming.off("end", onEnd);
      incoming.off("error", onGone);
      incoming.off("close", onGone);
      if (watch !== undefined) stalls!.end(watch);
    };
    const refuse = (refused: HttpError) => {
      stop();
      // Not paused: what Node's parser has already taken off the socket would
      // pile up in the request's buffer, a Buffer per piece. Discarded, it is
      // garbage at once, and the closing answer ends the reading.
      incoming.on("data", discard);
      if (!outgoing.headersSent) outgoing.setHeader("connection", "close");
      reject(refused);
    };
    const onData = (piece: Buffer) => {
      if (watch !== undefined) watch.heard = true;
      const refused = body.add(piece);
      if (refused !== undefined) refuse(refused);
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
    const watch = stalls?.watch(() => refuse(stalled(stalls.timeout)));
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

function stalled(timeout: number): HttpError {
  return refusal("body-timeout", 408, `the request body stalled: no byte of it arrived for ${timeout} ms`);
}
