import type { Socket } from "node:net";
import { afterEach, beforeAll, expect, it, vi } from "vitest";
import WebSocket from "ws";
import type { RunningServer } from "honest/node";
import { loadHostileFixture, type HostileFixture } from "../support/hostile-socket-fixture.js";
import { serveForTest } from "../support/http.js";

// docs/guide/websockets.md, "Limits and liveness": a connection honest has
// closed (here with 1008, its client not reading) is served no more. ws
// waits up to 30 s for the client's close frame, which a client that does
// not read never sends; what the client sends meanwhile is dropped, as a
// browser drops what arrives once it has closed, rather than handed to the
// handler: in a room that sends every note to every member (the example's
// chat, before it skipped members that are backed up), a client closed for
// not reading went on posting to everyone for those 30 s. Over real
// sockets, against the hostile fixture's /room served by serve.

let fixture: HostileFixture;
beforeAll(async () => {
  fixture = await loadHostileFixture("closed-sockets");
});

let running: RunningServer | undefined;
afterEach(async () => {
  vi.restoreAllMocks();
  await running?.close();
  running = undefined;
});

async function openRoom(port: number): Promise<WebSocket> {
  const ws = new WebSocket(`ws://127.0.0.1:${port}/room`);
  ws.on("error", () => {});
  await new Promise((resolve) => ws.once("open", resolve));
  return ws;
}

function socketOf(ws: WebSocket): Socket {
  return (ws as unknown as { _socket: Socket })._socket;
}

/** The server's ws WebSocket on its end of a connection (ws keeps it on the socket, under its `websocket` symbol). */
function readyStateOf(serverSocket: Socket): number {
  const key = Object.getOwnPropertySymbols(serverSocket).find((symbol) => symbol.description === "websocket")!;
  return (serverSocket as unknown as Record<symbol, { readyState: number }>)[key].readyState;
}

it("a room member closed for not reading posts to no one before it reads the close, and then reads 1008", async () => {
  const errors = vi.spyOn(console, "error");
  running = serveForTest(fixture.createHostileApp({ sockets: { highWaterMark: 1024, maxBuffered: 16 * 1024 } }), { gracePeriod: 100 });
  const { port } = await running.listening;
  const serverEnds = new Map<number, Socket>();
  running.server.on("upgrade", (_request, socket: Socket) => serverEnds.set(socket.remotePort!, socket));

  const reader = await openRoom(port);
  const posts: string[] = [];
  reader.on("message", (data) => posts.push(String(data)));
  const slow = await openRoom(port);
  const closed = new Promise<number>((resolve) => slow.on("close", (code) => resolve(code)));
  socketOf(slow).pause();
  const serverEnd = serverEnds.get(socketOf(slow).localPort!)!;

  // Its own posts come back to it, unread, until honest closes it (past the kernel's buffers and maxBuffered).
  let sent = 0;
  while (readyStateOf(serverEnd) === WebSocket.OPEN) {
    expect(sent, "honest did not close a client that reads nothing").toBeLessThan(100_000);
    slow.send(JSON.stringify({ text: `${sent} ${"p".repeat(400)}` }));
    if (++sent % 16 === 0) await new Promise((resolve) => setImmediate(resolve));
  }
  // The reader got its posts, in order, up to the close (those in flight when it came were dropped).
  await new Promise((resolve) => setTimeout(resolve, 100));
  expect(posts.length).toBeGreaterThan(0);
  expect(posts.map((post) => Number((JSON.parse(post) as { text: string }).text.split(" ")[0]))).toEqual(posts.map((_, index) => index));

  for (let count = 0; count < 20; count++) slow.send(JSON.stringify({ text: "after the close" }));
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(posts.filter((post) => post.includes("after the close"))).toEqual([]);
  expect(reader.readyState).toBe(WebSocket.OPEN);

  socketOf(slow).resume();
  expect(await closed).toBe(1008);
  reader.close();
  expect(errors).not.toHaveBeenCalled();
});
