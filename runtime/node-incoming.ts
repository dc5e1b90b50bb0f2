import type { Context } from "hono";
import type { IncomingMessage } from "node:http";
import { HttpError } from "./http-error.js";

// On @hono/node-server the handler can reach Node's own request: the server
// hands `{ incoming, outgoing }` to app.fetch as the env. Reading the body
// from it skips the Web Request's body machinery (a copy into a fresh
// ArrayBuffer per request); every other runtime, and app.request, takes the
// standard path.

/** Node's request behind `c`, while nothing has read its body yet; otherwise undefined. */
export function unreadNodeIncoming(c: Context): IncomingMessage | undefined {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  if (incoming === undefined || typeof incoming !== "object" || typeof incoming.on !== "function") return undefined;
  return incoming.readableDidRead || incoming.readableEnded ? undefined : incoming;
}

/**
 * The body's bytes, counted as they arrive: more than `limit` rejects with
 * `tooLarge()` and stops reading; once the answer is sent, @hono/node-server
 * drains the rest within its own bounds (time and bytes) or closes the socket.
 */
export function readIncoming(incoming: IncomingMessage, limit: number, tooLarge: () => Error): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const stop = () => {
      incoming.off("data", onData);
      incoming.off("end", onEnd);
      incoming.off("error", onGone);
      incoming.off("close", onGone);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        stop();
        incoming.pause();
        reject(tooLarge());
      } else {
        chunks.push(chunk);
      }
    };
    const onEnd = () => {
      stop();
      resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size));
    };
    // An error ("aborted") or a close before the end: the client went away
    // mid-body, or Node's requestTimeout cut it off. No answer can reach it,
    // and nothing is logged: a client that leaves is not a fault of the server.
    const onGone = () => {
      stop();
      reject(new HttpError(400, "the connection closed before the body ended"));
    };
    incoming.on("data", onData);
    incoming.on("end", onEnd);
    incoming.on("error", onGone);
    incoming.on("close", onGone);
  });
}
