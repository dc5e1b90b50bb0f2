import type { Socket } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import WebSocket from "ws";
import { quietHostileServer } from "../support/quiet-hostile-server.js";
import { openSocket } from "../support/socket-client.js";

// Issue 41, item 2 (docs/reference/limits.md, "WebSockets"): what a socket
// sends waits in the server until its client reads it, and a client that
// never reads must not make the server hold its messages without bound. A
// handler that sends without looking (/flood) has its client closed with
// 1008 once `sockets.maxBuffered` is queued; one that waits for `drained()`
// (/paced) holds still while its client does not read, and goes on when it
// does; and honest's own answers to refused messages (/echo) back up into
// the client, whose frames serve stops reading, not into the server.
//
// A client that never reads: ws's client with its TCP socket paused, so what
// the server sends stays in the kernel's buffers (a few MB on loopback, which
// the bounds below leave room for) and then in the server.

// A client that does not read is the client's fault, not the server's: nothing is logged.
const serveHostile = quietHostileServer("socket-backlog", { gracePeriod: 200 });

interface Served {
  readonly ws: string;
  readonly http: string;
  /** The server's end of each WebSocket, in the order they were upgraded. */
  readonly upgraded: Socket[];
}

async function serve(options: object = {}): Promise<Served> {
  const running = serveHostile(options);
  const upgraded: Socket[] = [];
  running.server.on("upgrade", (_request, socket: Socket) => upgraded.push(socket));
  const { port } = await running.listening;
  return { ws: `ws://127.0.0.1:${port}`, http: `http://127.0.0.1:${port}`, upgraded };
}

interface Probe {
  readonly sent: number;
}

async function probe(http: string): Promise<Probe> {
  return (await (await fetch(`${http}/probe`)).json()) as Probe;
}

/** The value once two readings `every` ms apart agree (it stopped changing), within `withinMs`. */
async function steady(read: () => Promise<number>, every = 500, withinMs = 20_000): Promise<number> {
  const started = Date.now();
  let last = await read();
  for (;;) {
    await sleep(every);
    const now = await read();
    if (now === last) return now;
    if (Date.now() - started > withinMs) throw new Error(`still changing after ${withinMs} ms: ${last} → ${now}`);
    last = now;
  }
}

/** The client stops reading: what the server sends stays in the kernel, then in the server. */
function stopReading(ws: WebSocket): void {
  (ws as unknown as { _socket: Socket })._socket.pause();
}

function startReading(ws: WebSocket): void {
  (ws as unknown as { _socket: Socket })._socket.resume();
}

/**
 * Resolves once `count` problems have arrived, the `index`th naming the value `got(index)`; rejects at the first
 * out of order, or if the connection closes first.
 */
function answers(ws: WebSocket, count: number, got: (index: number) => string): Promise<void> {
  let answered = 0;
  return new Promise((resolve, reject) => {
    ws.on("message", (data) => {
      const problem = JSON.parse(String(data)) as { errors: { got: string }[] };
      if (problem.errors[0]!.got !== got(answered)) reject(new Error(`answer ${answered} was ${String(data)}`));
      if (++answered === count) resolve();
    });
    ws.on("close", (code, reason) => reject(new Error(`closed with ${code} ${String(reason)} after ${answered} answers`)));
  });
}

describe("a client that never reads", () => {
  it("is closed with 1008 once a handler that never looks has queued sockets.maxBuffered for it, and the handler stops", async () => {
    const { ws, http } = await serve({ sockets: { highWaterMark: 16_384, maxBuffered: 262_144 } });
    const before = (await probe(http)).sent;
    const client = await openSocket(`${ws}/flood`);
    stopReading(client.ws);
    // /flood sends 10 kB notes while send() returns true: unbounded, it would send for ever.
    const sent = (await steady(async () => (await probe(http)).sent)) - before;
    expect(sent).toBeGreaterThan(0);
    // 262 144 bytes are 26 notes; the rest went into the kernel's buffers (a few MB on loopback).
    expect(sent).toBeLessThan(2000);
    await sleep(500);
    expect((await probe(http)).sent - before).toBe(sent);
    // The close frame waits behind the notes the client has not read.
    startReading(client.ws);
    expect(await client.closed).toEqual({ code: 1008, reason: "the client does not read its messages" });
    expect((await fetch(`${http}/health`)).status).toBe(200);
  });

  it("holds a handler that waits for drained() without closing, and lets it go on once the client reads", async () => {
    const { ws, http } = await serve({ sockets: { highWaterMark: 16_384, maxBuffered: 262_144 } });
    const client = await openSocket(`${ws}/paced`);
    stopReading(client.ws);
    const held = await steady(async () => (await probe(http)).sent);
    await sleep(1000);
    expect((await probe(http)).sent).toBe(held);
    expect(client.ws.readyState).toBe(WebSocket.OPEN);
    startReading(client.ws);
    expect(JSON.parse(await client.next())).toEqual({ text: "z".repeat(10_000) });
    // The handler was waiting, not gone: it sends again once the backlog drains.
    for (const started = Date.now(); (await probe(http)).sent <= held; ) {
      if (Date.now() - started > 10_000) throw new Error("the paced handler sent nothing more within 10 s of the client reading");
      await sleep(50);
    }
    expect(client.ws.readyState).toBe(WebSocket.OPEN);
    client.ws.close();
    await client.closed;
  });

  it("gets its refused messages' answers in order once it reads, serve having stopped reading its frames while they backed up", async () => {
    const { ws, http, upgraded } = await serve();
    const client = await openSocket(`${ws}/echo`);
    const server = upgraded[0]!;
    stopReading(client.ws);
    // Each refused for its text, a number: its answer names it. Answered in full, they would make 20 MB.
    const count = 100_000;
    const pad = "p".repeat(80);
    let sentBytes = 0;
    for (let index = 0; index < count; index++) {
      const text = `{"text":${index},"pad":"${pad}"}`;
      sentBytes += text.length;
      client.send(text);
    }
    const read = await steady(async () => server.bytesRead);
    // Some 2 MB read (the kernel took 4 MB of answers first), the rest of the 10 MB backed up in the client.
    expect(read).toBeLessThan(sentBytes / 2);
    expect(client.ws.bufferedAmount).toBeGreaterThan(0);
    // The answers the server holds: the high-water mark (64 KiB) and the one that crossed it.
    expect(server.writableLength).toBeLessThan(4 * 65_536);
    expect((await fetch(`${http}/health`)).status).toBe(200);
    expect(client.ws.readyState).toBe(WebSocket.OPEN);
    // Reading again, the client gets every answer, in the order of its messages, and the connection stays open.
    const all = answers(client.ws, count, (index) => String(index));
    startReading(client.ws);
    await all;
    expect(client.ws.readyState).toBe(WebSocket.OPEN);
    client.ws.close();
  });

  it("is not closed for sending its refused messages in frames of one byte, each answered with 170", async () => {
    const { ws, upgraded } = await serve({ sockets: { highWaterMark: 16_384, maxBuffered: 262_144 } });
    const client = await openSocket(`${ws}/echo`);
    const server = upgraded[0]!;
    stopReading(client.ws);
    // A digit is JSON, and not a note: each is answered with a problem naming it. One read of 64 KiB holds 9 000 of them.
    const count = 200_000;
    for (let index = 0; index < count; index++) client.send(String(index % 10));
    const read = await steady(async () => server.bytesRead);
    // 1.4 MB sent, some 200 kB read; before, the rest of one read was answered at once, past maxBuffered, and the client closed with 1008.
    expect(read).toBeLessThan(700_000);
    expect(server.writableLength).toBeLessThan(4 * 16_384);
    expect(client.ws.readyState).toBe(WebSocket.OPEN);
    const all = answers(client.ws, count, (index) => String(index % 10));
    startReading(client.ws);
    await all;
    expect(client.ws.readyState).toBe(WebSocket.OPEN);
    client.ws.close();
  });
});
