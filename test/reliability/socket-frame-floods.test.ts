import { afterAll, beforeAll, expect, it, vi } from "vitest";
import type { RunningServer } from "honest/node";
import { loadHostileFixture, type HostileFixture } from "../support/hostile-socket-fixture.js";
import { serveForTest } from "../support/http.js";
import { clientFrame, OPCODE, rawWebSocket } from "../support/raw-websocket.js";

// docs/reference/limits.md, "WebSockets": the limits honest sets on ws (from
// 8.23, the peer range's floor) against floods of frames that each cost the
// server more than they cost the client. With ws 8.17, which the peer range
// once allowed, eight connections sending a message as one-byte
// continuation frames took 1 GB, and a ping flood from a client that reads
// nothing 512 MB. Over real sockets, frame by frame.

let fixture: HostileFixture;
let running: RunningServer;
let port: number;

beforeAll(async () => {
  fixture = await loadHostileFixture("socket-frame-floods");
  running = serveForTest(fixture.createHostileApp({ sockets: { pingInterval: 0 } }), { gracePeriod: 100 });
  ({ port } = await running.listening);
});

afterAll(async () => {
  await running?.close();
});

it("closes a message sent in more than 1 024 fragments with 1008, before it is whole", async () => {
  const errors = vi.spyOn(console, "error");
  const socket = await rawWebSocket(port, "/echo");
  const fragments = [clientFrame(OPCODE.text, '{"text":"', { fin: false })];
  for (let index = 0; index < 2_000; index++) fragments.push(clientFrame(OPCODE.continuation, "a", { fin: false }));
  await socket.write(Buffer.concat(fragments));
  const close = await socket.frame((frame) => frame.opcode === OPCODE.close);
  expect(close?.payload.readUInt16BE(0)).toBe(1008);
  expect(await socket.serverClosed()).toBe(true);
  // The same message in 1 000 fragments is read, and echoed.
  const whole = await rawWebSocket(port, "/echo");
  const parts = [clientFrame(OPCODE.text, '{"text":"', { fin: false })];
  for (let index = 0; index < 998; index++) parts.push(clientFrame(OPCODE.continuation, "a", { fin: false }));
  parts.push(clientFrame(OPCODE.continuation, '"}'));
  await whole.write(Buffer.concat(parts));
  const echoed = await whole.frame((frame) => frame.opcode === OPCODE.text);
  expect(JSON.parse(echoed!.payload.toString())).toEqual({ text: "a".repeat(998) });
  whole.socket.destroy();
  expect(errors).not.toHaveBeenCalled();
  vi.restoreAllMocks();
});

it("cuts off a client that floods pings faster than their pongs can be written, once 60 are owed; answers one that pings politely", async () => {
  const polite = await rawWebSocket(port, "/echo");
  await polite.write(Buffer.concat(Array.from({ length: 10 }, (_, index) => clientFrame(OPCODE.ping, `ping ${index}`))));
  await vi.waitFor(() => expect(polite.frames().filter((frame) => frame.opcode === OPCODE.pong)).toHaveLength(10));
  expect(await polite.serverClosed(200)).toBe(false);
  polite.socket.destroy();

  const flood = await rawWebSocket(port, "/echo");
  flood.socket.pause();
  // Each ping of 125 bytes owes a pong of 125 bytes; with ws 8.17 nothing bounded how many were owed.
  const ping = clientFrame(OPCODE.ping, Buffer.alloc(125, 1));
  const batch = Buffer.concat(Array.from({ length: 1_000 }, () => ping));
  let sent = 0;
  while (!flood.socket.destroyed && sent < 400_000) {
    if (!flood.socket.write(batch)) await new Promise((resolve) => setTimeout(resolve, 5));
    sent += 1_000;
  }
  flood.socket.resume();
  expect(await flood.serverClosed(10_000)).toBe(true);
  // Cut off long before the flood's end: 400 000 pongs owed would be 50 MB to hold.
  expect(sent).toBeLessThan(400_000);
});
