import path from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { rssMb } from "../support/chunked.js";
import { exampleApp, exampleDir } from "../support/example.js";
import { freePort } from "../support/http.js";
import { startNode, stopNode, type NodeProcess } from "../support/node-process.js";
import { rawConnections } from "../support/raw-connections.js";
import { type RawExchange, rawBody, rawExchange, requestBytes } from "../support/raw-socket.js";
import { problem } from "../support/problem.js";

// Issue 41, item 4: serve's maxBodyMemory worked as a lock. A body reserved
// what it might hold (its content-length, or all of bodyLimit when chunked)
// before its first byte, and kept it until its response closed: 32
// connections each sending a chunked head and one byte (5 kB in all) made
// every request with a body 503 for up to 300 s, renewable by reconnecting.
// Now a body takes room for the bytes it holds as they come, and one that
// sends nothing for bodyIdleTimeout is answered 408 and its connection
// closed (docs/reference/limits.md, "Bodies held at once, and connections").

const HOLDERS = 300;
/** What a holder declares: just under the default bodyLimit. */
const DECLARED = 1024 * 1024 - 1;
const json = { "content-type": "application/json" };

/** The head of a PATCH /items/1 and the first byte of its body, chunked. */
const chunkedHolder = requestBytes("PATCH", "/items/1", { ...json, "transfer-encoding": "chunked" }, "1\r\n{\r\n");
/** The head of a PATCH /items/1 declaring DECLARED bytes, and the first of them. */
const declaredHolder = requestBytes("PATCH", "/items/1", { ...json, "content-length": String(DECLARED) }, "{");

/** A valid CreateDto of exactly `size` bytes. */
function item(size: number): string {
  const frame = JSON.stringify({ name: "", price: 1 });
  return JSON.stringify({ name: "x".repeat(size - frame.length), price: 1 });
}

function post(body: string): string {
  return requestBytes("POST", "/items", { ...json, "content-length": String(Buffer.byteLength(body)), connection: "close" }, body);
}

/** The status of one request sent whole on a connection of its own. */
async function statusOf(port: number, bytes: string): Promise<number | undefined> {
  const exchange = await rawExchange(port, bytes);
  const { status } = await exchange.answer(30_000);
  exchange.socket.destroy();
  return status;
}

describe(`${HOLDERS} connections sending a chunked head and a byte, and ${HOLDERS} declaring a body of 1 MiB and sending a byte`, () => {
  let server: NodeProcess | undefined;
  const holders: RawExchange[] = [];
  afterAll(async () => {
    for (const holder of holders) holder.socket.destroy();
    await stopNode(server);
  });

  it("leave other clients' bodies accepted on the example (serve's defaults), and its memory low; they themselves wait, unanswered", async () => {
    const port = await freePort();
    server = startNode(path.join(exampleDir, "dist/main.js"), { env: { ...process.env, PORT: String(port) } });
    await server.listening();
    const pid = server.child.pid!;
    const before = rssMb(pid);
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 20);
    try {
      for (let index = 0; index < HOLDERS; index++) {
        holders.push(await rawExchange(port, chunkedHolder), await rawExchange(port, declaredHolder));
      }
      // Answered after every holder's bytes were sent: the server has read them.
      expect(await statusOf(port, requestBytes("GET", "/health", { connection: "close" }))).toBe(200);

      // Other clients' bodies, for a second, then one of nearly the bodyLimit: each accepted (each was a 503 while a
      // body reserved what it might hold ahead of its bytes).
      for (let index = 0; index < 10; index++) {
        expect(await statusOf(port, post(JSON.stringify({ name: `another ${index}`, price: 1 })))).toBe(201);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(await statusOf(port, post(item(1_000_000)))).toBe(201);

      // The holders were admitted, and are still waiting for the rest of their bodies.
      const answers = await Promise.all(holders.map((holder) => holder.answer(1)));
      expect(answers.filter((answer) => answer.status !== undefined || answer.closed)).toEqual([]);
    } finally {
      clearInterval(sampler);
    }
    // 600 connections and their bytes, and the megabyte body read: far below what 600 bodies' room would be (600 MiB).
    expect(peak - before).toBeLessThan(100);
  });
});

describe("holders that send nothing more", () => {
  const connections = rawConnections();

  it("are answered 408 once bodyIdleTimeout has passed, their connections closed, and their room given back", async () => {
    const port = await connections.serve(await exampleApp({ bodyLimit: 1024 }), { maxBodyMemory: 1024, bodyIdleTimeout: 1_000 });
    const started = performance.now();
    const stalled: RawExchange[] = [];
    for (let index = 0; index < HOLDERS / 2; index++) {
      stalled.push(
        await connections.connect(port, chunkedHolder),
        await connections.connect(port, requestBytes("PATCH", "/items/1", { ...json, "content-length": "100" }, "{")),
      );
    }
    const answers = await Promise.all(stalled.map((holder) => holder.answer(15_000)));
    // Not before the limit: the last holder's clock started after the first's.
    expect(performance.now() - started).toBeGreaterThanOrEqual(900);
    for (const answer of answers) {
      expect(answer.status).toBe(408);
      expect(answer.text).toMatch(/\r\nconnection: close\r\n/);
      expect(answer.text).toMatch(/\r\ncontent-type: application\/problem\+json\r\n/);
      expect(JSON.parse(rawBody(answer))).toEqual(
        problem(408, "Request Timeout", "the request body stalled: no byte of it arrived for 1000 ms"),
      );
    }
    expect(await Promise.all(stalled.map((holder) => holder.serverClosed(10_000)))).toEqual(stalled.map(() => true));
    // A body needing all of the room fits again (the server learns of each close a moment after the client).
    await vi.waitFor(async () => expect(await statusOf(port, post(item(1024)))).toBe(201), { timeout: 10_000, interval: 20 });
  });
});
