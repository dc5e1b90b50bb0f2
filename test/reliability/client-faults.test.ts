import http from "node:http";
import net from "node:net";
import v8 from "node:v8";
import { runInNewContext } from "node:vm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { RunningServer } from "honest/node";
import { exampleApp, exampleModule } from "../support/example.js";
import { serveForTest } from "../support/http.js";
import { rawExchange, requestBytes } from "../support/raw-socket.js";

// Clients that misbehave: they leave mid-body or mid-response, send a byte
// at a time, or open thousands of connections and say nothing. The server
// must not crash, log a fault of its own, change state, or keep anything of
// theirs once they are gone.

v8.setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc") as () => void;

interface ItemStoreLike {
  add(item: { name: string; price: number }): unknown;
  all(): unknown[];
}

let running: RunningServer;
let port: number;
let store: ItemStoreLike;
let errors: ReturnType<typeof vi.spyOn>;

beforeEach(async () => {
  const { ItemStore } = await exampleModule<{ ItemStore: new () => object }>("items/item-store.js");
  const { MemoryItemStore } = await exampleModule<{ MemoryItemStore: new () => ItemStoreLike }>("items/memory-item-store.js");
  // The items in memory, so that the test reads them at once between the client's moves.
  store = new MemoryItemStore();
  running = serveForTest(await exampleApp({ providers: [[ItemStore, store]] }));
  port = (await running.listening).port;
  errors = vi.spyOn(console, "error");
});
afterEach(async () => {
  expect(errors).not.toHaveBeenCalled();
  vi.restoreAllMocks();
  await running.close();
});

const json = { "content-type": "application/json" };
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

/** A fresh connection that closes after its answer (fetch's pool would keep one open for seconds). */
async function stillServes(): Promise<void> {
  const body = await new Promise<string>((resolve, reject) => {
    http
      .get({ host: "127.0.0.1", port, path: "/health", agent: false }, (response) => {
        let text = "";
        response.setEncoding("utf8").on("data", (chunk: string) => (text += chunk));
        response.on("end", () => resolve(text));
      })
      .on("error", reject);
  });
  expect(JSON.parse(body)).toEqual({ status: "ok" });
}

describe("a client that leaves", () => {
  it("mid-body: the handler never runs, nothing is logged", async () => {
    const exchange = await rawExchange(port, requestBytes("POST", "/items", { ...json, "content-length": "40" }, '{"name":"half'));
    await settle();
    exchange.socket.resetAndDestroy();
    await settle();
    expect(store.all()).toHaveLength(3);
    await stillServes();
  });

  it("mid-response: the rest of the response is dropped, nothing is logged", async () => {
    for (let index = 0; index < 3_000; index++) store.add({ name: `item ${index} ${"x".repeat(40)}`, price: index });
    const socket = net.connect(port, "127.0.0.1");
    await new Promise((resolve) => socket.once("connect", resolve));
    socket.write(requestBytes("GET", "/items", {}));
    await new Promise((resolve) => socket.once("data", resolve)); // the response has started
    socket.resetAndDestroy();
    await settle();
    await stillServes();
  });
});

describe("a slow client", () => {
  it("sending its body a few bytes at a time is served once the body is whole", async () => {
    const body = '{"name":"slow","price":4}';
    const exchange = await rawExchange(port, requestBytes("POST", "/items", { ...json, "content-length": String(body.length) }));
    for (let at = 0; at < body.length; at += 5) {
      await exchange.write(body.slice(at, at + 5));
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const answer = await exchange.answer();
    exchange.socket.destroy();
    expect(answer.status).toBe(201);
    expect(store.all()).toHaveLength(4);
  });
});

describe("thousands of idle keep-alive connections", () => {
  /** Opens `count` connections, makes one keep-alive request on each, and leaves them open and idle. */
  async function idleConnections(count: number): Promise<net.Socket[]> {
    const sockets: net.Socket[] = [];
    const statuses = new Set<string>();
    // Plain sockets rather than the raw-exchange helper: the measurement below must see the server's memory, not the test's.
    const open = () =>
      new Promise<net.Socket>((resolve, reject) => {
        const socket = net.connect(port, "127.0.0.1", () => socket.write(requestBytes("GET", "/health", {})));
        socket.once("error", reject);
        socket.once("data", (chunk) => {
          statuses.add(chunk.toString("latin1", 0, 12));
          resolve(socket);
        });
      });
    for (let batch = 0; batch < count; batch += 250)
      sockets.push(...(await Promise.all(Array.from({ length: Math.min(250, count - batch) }, open))));
    expect([...statuses]).toEqual(["HTTP/1.1 200"]);
    return sockets;
  }

  async function closeAll(sockets: net.Socket[]): Promise<void> {
    await Promise.all(sockets.map((socket) => new Promise((resolve) => socket.once("close", resolve).destroy())));
    // Until the server has seen every close, its sockets still count.
    await vi.waitFor(
      async () => expect(await new Promise((resolve) => running.server.getConnections((_, count) => resolve(count)))).toBe(0),
      {
        timeout: 5_000,
      },
    );
  }

  async function measure(): Promise<{ heap: number; handles: number }> {
    // A closed socket's handle is released by libuv a turn or two after its close event.
    await vi.waitFor(() => expect(process.getActiveResourcesInfo().filter((kind) => kind === "TCPSocketWrap")).toHaveLength(0), {
      timeout: 5_000,
    });
    for (let turn = 0; turn < 3; turn++) await new Promise((resolve) => setImmediate(resolve)); // and their last callbacks run
    await new Promise((resolve) => setTimeout(resolve, 100));
    gc();
    gc();
    return { heap: process.memoryUsage().heapUsed, handles: process.getActiveResourcesInfo().length };
  }

  it("are all served, then leave nothing behind: handles back to where they were, heap within 1 MB after 6 000", async () => {
    const round = async () => {
      const sockets = await idleConnections(2_000);
      expect(sockets.every((socket) => !socket.destroyed)).toBe(true);
      await stillServes(); // 2 000 idle connections do not stop a new one
      await closeAll(sockets);
    };
    // Warm-up: the first round grows Node's and V8's pools to their size (megabytes), which is not a leak.
    await round();
    const before = await measure();
    for (let count = 0; count < 3; count++) await round();
    const after = await measure();
    expect(after.handles).toBe(before.handles);
    // A socket kept by anything would be kilobytes each: 6 000 of them, megabytes.
    expect(after.heap - before.heap).toBeLessThan(1024 * 1024);
  });

  it("are closed by the server after Node's keep-alive timeout", async () => {
    running.server.keepAliveTimeout = 200;
    const sockets = await idleConnections(500);
    await vi.waitFor(() => expect(sockets.every((socket) => socket.destroyed || socket.readableEnded)).toBe(true), { timeout: 5_000 });
    for (const socket of sockets) socket.destroy();
  });
});
