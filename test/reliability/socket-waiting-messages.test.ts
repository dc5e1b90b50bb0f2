import type { Socket } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import WebSocket from "ws";
import type { RunningServer } from "honest/node";
import { serveForTest } from "../support/http.js";
import { loadHostileFixture } from "../support/hostile-socket-fixture.js";
import { openSocket } from "../support/socket-client.js";

// Issue 41, item 3 (docs/reference/limits.md, "WebSockets"): the messages
// that wait for a slow handler are bounded in bytes (the body limit), not
// only in count. A client that sends faster than its handler takes
// messages is pushed back on: serve stops reading its frames while the
// waiting messages fill the body limit, the connection stays open, and
// every message is handled, in order, as the handler catches up. Counted
// in messages alone, 100 messages of 900 kB waiting took a server from 58
// to 775 MB.
//
// /slow takes a message only when the test posts /probe/release, and
// answers with the number of rows it had.

const BODY_LIMIT = 200_000;
const COUNT = 50;
/** Some 150 kB of JSON each: two wait within the body limit, a third does not. */
const ROWS = 18_000;

let running: RunningServer;
let http: string;
let ws: string;
const upgraded: Socket[] = [];
let errors: ReturnType<typeof vi.spyOn>;

beforeAll(async () => {
  const { createHostileApp } = await loadHostileFixture("socket-waiting-messages");
  errors = vi.spyOn(console, "error");
  running = serveForTest(createHostileApp({ bodyLimit: BODY_LIMIT }), { gracePeriod: 200 });
  running.server.on("upgrade", (_request, socket: Socket) => upgraded.push(socket));
  const { port } = await running.listening;
  http = `http://127.0.0.1:${port}`;
  ws = `ws://127.0.0.1:${port}`;
});

afterAll(async () => {
  await running?.close();
  expect(errors).not.toHaveBeenCalled();
  vi.restoreAllMocks();
});

interface Probe {
  readonly handled: number;
  readonly waiting: boolean;
}

async function probe(): Promise<Probe> {
  return (await (await fetch(`${http}/probe`)).json()) as Probe;
}

/** Resolves once /slow's handler holds a message and waits for the word to take it. */
async function handlerWaiting(): Promise<void> {
  for (const started = Date.now(); !(await probe()).waiting; await sleep(5)) {
    if (Date.now() - started > 10_000) throw new Error("the handler was not waiting for a message within 10 s");
  }
}

/** The `index`th message: ROWS + index rows, so that each answer says which message it was. */
function bulky(index: number): string {
  return `{"rows":[${Array.from({ length: ROWS + index }, () => '{"a":1}').join(",")}]}`;
}

it("stops reading a client's frames once its waiting messages fill the body limit, and handles every one in order as the handler catches up", async () => {
  const client = await openSocket(`${ws}/slow`);
  const server = upgraded.at(-1)!;
  const { handled } = await probe();
  let sentBytes = 0;
  for (let index = 0; index < COUNT; index++) {
    const text = bulky(index);
    expect(text.length).toBeLessThan(BODY_LIMIT);
    expect(text.length).toBeGreaterThan(BODY_LIMIT / 2);
    sentBytes += text.length;
    client.send(text);
  }
  await handlerWaiting();
  await sleep(1000);
  const read = server.bytesRead;
  await sleep(500);
  // One message with the handler, two waiting (their 288 kB pass the body limit of 200 kB), one more in ws's hands.
  expect(server.bytesRead).toBe(read);
  expect(read).toBeLessThan(6 * 150_000);
  expect(read).toBeLessThan(sentBytes / 4);
  // What serve does not read backs up in the client (what the kernel's buffers do not hold).
  expect(client.ws.bufferedAmount).toBeGreaterThan(0);
  expect(client.ws.readyState).toBe(WebSocket.OPEN);
  expect((await fetch(`${http}/health`)).status).toBe(200);

  for (let index = 0; index < COUNT; index++) {
    await handlerWaiting();
    expect(await (await fetch(`${http}/probe/release`, { method: "POST" })).json()).toEqual({ released: true });
    expect(JSON.parse(await client.next())).toEqual({ text: String(ROWS + index) });
  }
  expect((await probe()).handled - handled).toBe(COUNT);
  expect(client.ws.bufferedAmount).toBe(0);
  expect(client.ws.readyState).toBe(WebSocket.OPEN);
  client.ws.close();
  await client.closed;
});
