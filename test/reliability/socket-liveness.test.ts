import net from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import WebSocket from "ws";
import { quietHostileServer } from "../support/quiet-hostile-server.js";
import { requestBytes } from "../support/raw-socket.js";
import { OPCODE, rawWebSocket } from "../support/raw-websocket.js";
import { openSocket } from "../support/socket-client.js";

// Issue 41, item 7 (docs/reference/limits.md, "Liveness"): a connection whose
// peer is gone, or does nothing, must not hold a connection (and a
// generator) for ever. serve pings each WebSocket every
// `sockets.pingInterval` and cuts off one that has not answered the last
// ping when the next is due; a client that answers pings stays, however
// quiet. A stream whose client takes nothing of an item for
// `streamStallTimeout` is ended, its connection closed and its generator's
// `finally` run; a client that reads keeps its stream.

// A silent peer, or one that stops reading, is not a fault of the server: nothing is logged.
const serveHostile = quietHostileServer("socket-liveness", { gracePeriod: 100 });

interface Served {
  readonly port: number;
  /** The server's end of each connection, in the order they were accepted. */
  readonly accepted: net.Socket[];
}

async function serve(options: object): Promise<Served> {
  const running = serveHostile(options);
  const accepted: net.Socket[] = [];
  running.server.on("connection", (socket: net.Socket) => accepted.push(socket));
  const { port } = await running.listening;
  return { port, accepted };
}

async function feedsFinished(port: number): Promise<number> {
  return ((await (await fetch(`http://127.0.0.1:${port}/probe`)).json()) as { feedsFinished: number }).feedsFinished;
}

/** The server's end of the client's connection. */
function serverEnd(accepted: readonly net.Socket[], client: net.Socket): net.Socket {
  const found = accepted.find((socket) => socket.remotePort === client.localPort);
  if (found === undefined) throw new Error(`the server accepted no connection from port ${client.localPort}`);
  return found;
}

/** Resolves once `socket` has closed (true), or after `waitMs` (false). */
function closedWithin(socket: net.Socket, waitMs: number): Promise<boolean> {
  if (socket.destroyed) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), waitMs);
    socket.once("close", () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

/** Sends a GET of `path` on a new connection; the socket, the head once it has arrived, and a count of the bytes read. */
async function streamRequest(port: number, path: string): Promise<{ socket: net.Socket; head: string; bytes: () => number }> {
  const socket = net.connect(port, "127.0.0.1");
  socket.on("error", () => {});
  let bytes = 0;
  let text = "";
  const head = new Promise<string>((resolve) => {
    socket.on("data", (chunk: Buffer) => {
      bytes += chunk.length;
      if (text.length < 4096) {
        text += chunk.toString("latin1");
        if (text.includes("\r\n\r\n")) resolve(text.slice(0, text.indexOf("\r\n\r\n")));
      }
    });
  });
  socket.write(requestBytes("GET", path, {}));
  return { socket, head: await head, bytes: () => bytes };
}

describe("WebSockets", () => {
  it("cuts off a peer that never answers serve's pings within a few intervals, with no close frame", async () => {
    const { port } = await serve({ sockets: { pingInterval: 200 } });
    const silent = await rawWebSocket(port, "/echo");
    const opened = Date.now();
    expect(await silent.serverClosed(2_000)).toBe(true);
    const after = Date.now() - opened;
    // Pinged, and cut off when the next ping was due unanswered: 200 to 400 ms, with room for a slow machine.
    expect(after).toBeGreaterThanOrEqual(150);
    const opcodes = silent.frames().map((frame) => frame.opcode);
    expect(opcodes).toContain(OPCODE.ping);
    expect(opcodes).not.toContain(OPCODE.close);
    expect((await fetch(`http://127.0.0.1:${port}/health`)).status).toBe(200);
  });

  it("keeps a quiet client that answers pings (as every WebSocket client does) open", async () => {
    const { port } = await serve({ sockets: { pingInterval: 200 } });
    const quiet = await openSocket(`ws://127.0.0.1:${port}/echo`);
    let pings = 0;
    quiet.ws.on("ping", () => pings++);
    await sleep(1_200);
    expect(pings).toBeGreaterThanOrEqual(3);
    expect(quiet.ws.readyState).toBe(WebSocket.OPEN);
    quiet.send('{"text":"still here"}');
    expect(await quiet.next()).toBe('{"text":"still here"}');
    quiet.ws.close();
    await quiet.closed;
  });
});

describe("streams", () => {
  it.each(["/feed", "/lines"])(
    "%s: a client that stops reading is cut off after streamStallTimeout, and the generator's finally runs",
    async (path) => {
      const { port, accepted } = await serve({ streamStallTimeout: 500 });
      const finishedBefore = await feedsFinished(port);
      const { socket, head } = await streamRequest(port, path);
      expect(head).toMatch(/^HTTP\/1\.1 200 /);
      // The client reads nothing more: the kernel's buffers fill, then the server's, then an item waits.
      socket.pause();
      expect(await closedWithin(serverEnd(accepted, socket), 10_000)).toBe(true);
      for (const started = Date.now(); (await feedsFinished(port)) === finishedBefore; await sleep(20)) {
        if (Date.now() - started > 5_000) throw new Error(`the ${path} generator's finally did not run within 5 s of the cut`);
      }
      expect(await feedsFinished(port)).toBe(finishedBefore + 1);
      socket.destroy();
    },
  );

  it("keeps streaming to a client that reads, past streamStallTimeout", async () => {
    const { port, accepted } = await serve({ streamStallTimeout: 500 });
    const { socket, head, bytes } = await streamRequest(port, "/feed");
    expect(head).toMatch(/^HTTP\/1\.1 200 /);
    await sleep(1_000);
    const early = bytes();
    await sleep(500);
    expect(bytes()).toBeGreaterThan(early);
    expect(socket.destroyed).toBe(false);
    expect(serverEnd(accepted, socket).destroyed).toBe(false);
    socket.destroy();
  });
});
