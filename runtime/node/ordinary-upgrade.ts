import type { IncomingMessage, Server } from "node:http";
import type { Duplex } from "node:stream";

// An upgrade request that is not a socket route's handshake (docs/guide/websockets.md,
// "Limits and liveness"). Once a server listens for upgrades, Node hands it
// every request with `Connection: Upgrade`, of any method, to any path, its
// body unread: a `DELETE /items/1` or a GET of an endless stream with an
// Upgrade header would otherwise never reach the app as what it is. Such a
// request goes back to Node's own HTTP handling, as the client wrote it
// without the upgrade it asked for (a server may ignore an upgrade, RFC 9110
// section 7.8): its head is written again in front of what Node had not yet
// read, and the connection is handed to the server again, as Node's
// documentation allows for the `connection` event. Its method, its body (read
// by Node's parser, chunked or not), its signal and a streamed answer with
// back-pressure are then an ordinary request's.

/** Marks a connection served again, which serve has already counted. */
export const SERVED_AGAIN = Symbol.for("honest.servedAgain");

export function serveWithoutUpgrade(server: Server, request: IncomingMessage, socket: Duplex, head: Buffer): void {
  (socket as Duplex & { [SERVED_AGAIN]?: true })[SERVED_AGAIN] = true;
  socket.unshift(head.length === 0 ? requestHead(request) : Buffer.concat([requestHead(request), head]));
  server.emit("connection", socket);
}

/** The request line and headers as received (Node's raw headers, names and order kept), the upgrade taken out. */
function requestHead(request: IncomingMessage): Buffer {
  let text = `${request.method} ${request.url} HTTP/${request.httpVersion}\r\n`;
  const raw = request.rawHeaders;
  for (let index = 0; index < raw.length; index += 2) {
    const name = raw[index]!;
    const value = raw[index + 1]!;
    const lower = name.toLowerCase();
    if (lower === "upgrade") continue;
    if (lower === "connection") {
      const kept = value
        .split(",")
        .map((token) => token.trim())
        .filter((token) => token !== "" && token.toLowerCase() !== "upgrade");
      if (kept.length > 0) text += `${name}: ${kept.join(", ")}\r\n`;
      continue;
    }
    text += `${name}: ${value}\r\n`;
  }
  // Node read the head as latin1 (each byte one character): written back the same way, byte for byte.
  return Buffer.from(`${text}\r\n`, "latin1");
}
