import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { RunningServer, ServeOptions } from "honest/node";
import { serveForTest } from "../support/http.js";
import { loadHostileFixture, type HostileFixture } from "../support/hostile-socket-fixture.js";
import { clientFrame, closeOf, OPCODE, type RawWebSocket, rawWebSocket } from "../support/raw-websocket.js";

// Issue 41, item 5 (docs/reference/limits.md, "WebSockets"): a message on
// its way in is a body by another name. ws holds a message's frames until
// the last arrives; under serve, the bytes of a message in progress count
// against `maxBodyMemory` with the request bodies, a connection that needs
// room when there is none is closed with 1013 (and cut off if it goes on
// sending its message, which ws would otherwise read on, uncounted, for the
// 30 s of a closing handshake), and a message begun that receives nothing
// for serve's stall limit for bodies (`bodyIdleTimeout`) is cut off. Before, 2 000
// connections each holding an unfinished 1 MiB frame held 2.1 GB, for ever.
// A message that is whole holds nothing, however long its client is quiet
// afterwards, whether it came in one frame or in fragments with a ping
// between them.
//
// The tests wait out the stall limit, so they run side by side, each on a
// server of its own.

/** serve's stall limit for bodies, and for a message begun (`bodyIdleTimeout`), shortened for the tests. */
const STALL_MS = 2_000;
/** Past the stall limit, with room for a slow machine. */
const PAST_STALL_MS = STALL_MS + 2_000;

let fixture: HostileFixture;
let errors: ReturnType<typeof vi.spyOn>;

beforeAll(async () => {
  fixture = await loadHostileFixture("socket-stalled-frames");
  errors = vi.spyOn(console, "error");
});

afterAll(() => {
  // Stalled and refused clients are the clients' fault, not the server's: nothing is logged.
  expect(errors).not.toHaveBeenCalled();
  vi.restoreAllMocks();
});

/** Serves the hostile app for one test, closing it and its connections after `run`. */
async function served(
  options: ServeOptions,
  run: (server: { port: number; connect(path: string): Promise<RawWebSocket> }) => Promise<void>,
) {
  const running: RunningServer = serveForTest(fixture.createHostileApp(), { gracePeriod: 100, bodyIdleTimeout: STALL_MS, ...options });
  const opened: RawWebSocket[] = [];
  try {
    const { port } = await running.listening;
    await run({
      port,
      async connect(path) {
        const socket = await rawWebSocket(port, path);
        opened.push(socket);
        return socket;
      },
    });
  } finally {
    for (const socket of opened) socket.socket.destroy();
    await running.close();
  }
}

/** A text frame announcing `announced` bytes, and 60 000 of them. */
function unfinishedMessage(announced = 100_000): Buffer {
  return clientFrame(OPCODE.text, `{"text":"${"a".repeat(60_000 - 9)}`, { announced });
}

async function postItem(port: number, name: string): Promise<Response> {
  return fetch(`http://127.0.0.1:${port}/items`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ name }),
  });
}

/** Sends a whole note in one frame and resolves with the echo's text, or undefined if none comes within 5 s. */
async function echoed(socket: RawWebSocket, text: string): Promise<string | undefined> {
  const sent = JSON.stringify({ text });
  await socket.write(clientFrame(OPCODE.text, sent));
  const echo = await socket.frame((frame) => frame.opcode === OPCODE.text && frame.payload.toString() === sent);
  return echo?.payload.toString();
}

describe.concurrent("messages in progress", () => {
  it("count against maxBodyMemory: a connection past the room is closed with 1013, and the stall limit gives the room back", async () => {
    await served({ maxBodyMemory: 300_000 }, async ({ port, connect }) => {
      // Four messages of 60 014 bytes so far (frame head included): 240 056 of the 300 000 bytes of room.
      const holders: RawWebSocket[] = [];
      for (let index = 0; index < 4; index++) {
        const holder = await connect("/echo");
        await holder.write(unfinishedMessage());
        holders.push(holder);
      }
      const lastByte = Date.now();
      await sleep(300);
      for (const holder of holders) {
        expect(await holder.serverClosed(0)).toBe(false);
        expect(holder.frames()).toEqual([]);
      }
      // Request bodies share the room: a small one fits in what is left, one of 70 kB does not.
      expect((await postItem(port, "small")).status).toBe(201);
      const large = await postItem(port, "b".repeat(70_000));
      expect(large.status).toBe(503);
      expect(large.headers.get("retry-after")).not.toBeNull();
      // A fifth and a sixth message (of a MB, this time) do not fit: closed with 1013 (try again later), the close frame saying why.
      const refused: RawWebSocket[] = [];
      for (let index = 0; index < 2; index++) {
        const another = await connect("/echo");
        await another.write(unfinishedMessage(1_000_000));
        const close = await another.frame((frame) => frame.opcode === OPCODE.close);
        expect(close).toBeDefined();
        expect(closeOf(close!)).toEqual({ code: 1013, reason: "the server is holding as many messages as it has room for; retry later" });
        refused.push(another);
      }
      // One goes on sending its message: it is cut off, not read on (uncounted) for the closing handshake's 30 s.
      const goingOn = refused[1]!;
      const cut = Date.now();
      for (let piece = 0; piece < 15 && !goingOn.socket.destroyed; piece++) await goingOn.write(Buffer.alloc(60_000, 0x61)).catch(() => {});
      expect(await goingOn.serverClosed(5_000)).toBe(true);
      expect(Date.now() - cut).toBeLessThan(5_000);
      for (const holder of holders) expect(await holder.serverClosed(0)).toBe(false);
      // Nothing more arrives: the stall limit cuts each holder off (no close frame: it is not listening), and its room comes back.
      for (const holder of holders) expect(await holder.serverClosed(STALL_MS + 10_000)).toBe(true);
      const cutAfter = Date.now() - lastByte;
      expect(cutAfter).toBeGreaterThan(STALL_MS / 2);
      for (const holder of holders) expect(holder.frames()).toEqual([]);
      expect((await postItem(port, "b".repeat(70_000))).status).toBe(201);
    });
  });

  it("end with their last frame: a whole message then silence past the stall limit keeps its connection", async () => {
    await served({}, async ({ connect }) => {
      const quiet = await connect("/echo");
      expect(await echoed(quiet, "hi")).toBe('{"text":"hi"}');
      expect(await quiet.serverClosed(PAST_STALL_MS)).toBe(false);
      expect(await echoed(quiet, "still here")).toBe('{"text":"still here"}');
    });
  });

  it("end with their final fragment, a ping between fragments answered and not ending the message, and pings hold nothing", async () => {
    await served({ maxBodyMemory: 100_000 }, async ({ port, connect }) => {
      const fragmented = await connect("/echo");
      const text = "a".repeat(60_000);
      await fragmented.write(clientFrame(OPCODE.text, `{"text":"${text.slice(0, 50_000)}`, { fin: false }));
      await fragmented.write(clientFrame(OPCODE.ping, "are you there"));
      const pong = await fragmented.frame((frame) => frame.opcode === OPCODE.pong);
      expect(pong?.payload.toString()).toBe("are you there");
      await fragmented.write(clientFrame(OPCODE.continuation, text.slice(50_000), { fin: false }));
      // The message's 60 kB so far are held, the ping notwithstanding: a 70 kB body does not fit beside them.
      expect((await postItem(port, "b".repeat(70_000))).status).toBe(503);
      await fragmented.write(clientFrame(OPCODE.continuation, '"}'));
      const echo = await fragmented.frame((frame) => frame.opcode === OPCODE.text);
      expect(echo?.payload.toString()).toBe(`{"text":"${text}"}`);
      expect((await postItem(port, "b".repeat(70_000))).status).toBe(201);
      // A ping between messages, then silence past the stall limit: nothing is in progress, nothing is cut off.
      await fragmented.write(clientFrame(OPCODE.ping, "still"));
      expect(await fragmented.frame((frame) => frame.opcode === OPCODE.pong && frame.payload.toString() === "still")).toBeDefined();
      expect(await fragmented.serverClosed(PAST_STALL_MS)).toBe(false);
      expect(await echoed(fragmented, "still here")).toBe('{"text":"still here"}');
    });
  });

  it("are cut off when they stall between fragments", async () => {
    await served({}, async ({ connect }) => {
      const stalled = await connect("/echo");
      await stalled.write(clientFrame(OPCODE.text, '{"text":"he', { fin: false }));
      const started = Date.now();
      expect(await stalled.serverClosed(STALL_MS / 2)).toBe(false);
      expect(await stalled.serverClosed(STALL_MS + 10_000)).toBe(true);
      expect(Date.now() - started).toBeGreaterThan(STALL_MS / 2);
    });
  });
});
