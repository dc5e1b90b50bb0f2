import type { Duplex } from "node:stream";
import type { BodyWatch } from "../body/body-stalls.js";
import { SERVED_BODIES, type ServedBodies } from "../body/served-bodies.js";
import { FrameBoundaries } from "./frame-boundaries.js";

// A WebSocket message on its way in is a request body by another name
// (docs/reference/limits.md, "WebSockets"): ws holds its frames until the
// last one arrives, up to the largest message. Under serve, the bytes of a
// message in progress are counted with the bodies in `maxBodyMemory`, and a
// message that stops arriving is given the bodies' stall limit
// (`bodyIdleTimeout`): a thousand connections each holding most of a 1 MiB
// frame would otherwise hold a GB.

interface ClosableSocket {
  on(event: "close", listener: () => void): unknown;
  close(code?: number, reason?: string): void;
  terminate(): void;
}

/** What a client closed with 1013 may send after it before it is cut off: a close frame's head, mask and 125 bytes. */
const CLOSE_FRAME_BYTES = 131;

type ServedSocket = Duplex & { [SERVED_BODIES]?: ServedBodies };

/**
 * Counts the bytes of the message in progress on `socket`, reserving them in
 * the server's room for bodies; closes the WebSocket with 1013 when there is
 * no room, and cuts it off when a message begun receives nothing for the
 * stall limit.
 */
export function countMessagesInProgress(ws: ClosableSocket, socket: ServedSocket): void {
  const memory = socket[SERVED_BODIES]?.memory;
  const stalls = socket[SERVED_BODIES]?.stalls;
  const frames = new FrameBoundaries();
  let reserved = 0;
  /** The stall watch on the message in progress, as on a body being read. */
  let watch: BodyWatch | undefined;
  const unwatch = () => {
    if (watch !== undefined) stalls?.end(watch);
    watch = undefined;
  };
  /** Bytes received since the connection was closed for want of room. */
  let sinceRefusal: number | undefined;
  const onData = (piece: Buffer) => {
    if (sinceRefusal !== undefined) {
      // ws would read on until the closing handshake ends (up to 30 s), holding the rest of the message outside
      // the room: a client that sends more than its close frame is cut off.
      sinceRefusal += piece.length;
      if (sinceRefusal > CLOSE_FRAME_BYTES) ws.terminate();
      return;
    }
    frames.feed(piece);
    if (memory !== undefined) {
      if (frames.held > reserved && !memory.take(frames.held - reserved)) {
        sinceRefusal = 0;
        ws.close(1013, "the server is holding as many messages as it has room for; retry later");
        return;
      }
      if (frames.held < reserved) memory.giveBack(reserved - frames.held);
      reserved = frames.held;
    }
    if (frames.held === 0) unwatch();
    else if (watch !== undefined) watch.heard = true;
    else watch = stalls?.watch(() => ws.terminate());
  };
  socket.on("data", onData);
  ws.on("close", () => {
    socket.off("data", onData);
    unwatch();
    memory?.giveBack(reserved);
    reserved = 0;
  });
}
