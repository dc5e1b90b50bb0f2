import net from "node:net";
import v8 from "node:v8";
import { runInNewContext } from "node:vm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { RunningServer } from "honest/node";
import { loadHostileFixture, type HostileFixture } from "../support/hostile-socket-fixture.js";
import { serveForTest } from "../support/http.js";
import { type RawExchange, rawBody, rawExchange, requestBytes } from "../support/raw-socket.js";
import { openSocket, type RefusedUpgrade } from "../support/socket-client.js";
import { loadStreamFixture } from "../support/stream-fixture.js";

// docs/guide/websockets.md, "Limits and liveness" (issue 41, item 1): in an
// app with socket routes, only a GET asking for `Upgrade: websocket` of a
// socket route's path is a handshake; any other request with an Upgrade
// header is served as the ordinary request it is: its method, its body, a
// streamed answer whose generator ends when the client leaves, the
// connection's later requests. Over real sockets, against the hostile
// fixture served by serve.

v8.setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc") as () => void;

/** What a browser's or ws's handshake adds; here on requests that are not to a socket route. */
const WEBSOCKET_UPGRADE = {
  connection: "Upgrade",
  upgrade: "websocket",
  "sec-websocket-key": "dGhlIHNhbXBsZSBub25jZQ==",
  "sec-websocket-version": "13",
};

interface Probe {
  feedsStarted: number;
  feedsFinished: number;
  produced: number;
}

let fixture: HostileFixture;
let running: RunningServer;
let port: number;
let errors: ReturnType<typeof vi.spyOn>;
const exchanges: RawExchange[] = [];

beforeAll(async () => {
  fixture = await loadHostileFixture("upgrade-requests");
  running = serveForTest(fixture.createHostileApp(), { gracePeriod: 200 });
  port = (await running.listening).port;
});
afterAll(() => running?.close());

beforeEach(() => {
  errors = vi.spyOn(console, "error");
});
afterEach(() => {
  for (const exchange of exchanges.splice(0)) exchange.socket.destroy();
  // Clients that leave, refused handshakes and ordinary requests are no faults of the server's.
  expect(errors).not.toHaveBeenCalled();
  vi.restoreAllMocks();
});

async function connect(bytes: string): Promise<RawExchange> {
  const exchange = await rawExchange(port, bytes);
  exchanges.push(exchange);
  return exchange;
}

async function probe(): Promise<Probe> {
  return (await (await fetch(`http://127.0.0.1:${port}/probe`)).json()) as Probe;
}

/** Waits until every generator that started has run its finally. */
async function everyFeedFinished(): Promise<Probe> {
  let last: Probe | undefined;
  await vi.waitFor(
    async () => {
      last = await probe();
      expect(last.feedsFinished).toBe(last.feedsStarted);
    },
    { timeout: 10_000, interval: 50 },
  );
  return last!;
}

/** A new connection's GET /health, answered (200) within `ms`; its time in ms. */
async function healthWithin(ms: number): Promise<number> {
  const started = performance.now();
  const exchange = await connect(requestBytes("GET", "/health", { connection: "close" }));
  const answer = await exchange.answer(ms);
  expect(answer.status, `/health was not answered within ${ms} ms`).toBe(200);
  expect(JSON.parse(rawBody(answer))).toEqual({ status: "ok" });
  return performance.now() - started;
}

/** Waits for `pattern` in what the server sent on the exchange. */
async function received(exchange: RawExchange, pattern: RegExp): Promise<string> {
  let text = "";
  await vi.waitFor(
    async () => {
      text = (await exchange.answer(20)).text;
      expect(text).toMatch(pattern);
    },
    { timeout: 5_000, interval: 10 },
  );
  return text;
}

/** The server's memory after a full collection: the heap, and the resident set. */
async function memory(): Promise<{ heap: number; rss: number }> {
  await new Promise((resolve) => setTimeout(resolve, 100));
  gc();
  gc();
  const { heapUsed, rss } = process.memoryUsage();
  return { heap: heapUsed, rss };
}

const MB = 1024 * 1024;

describe("an endless stream asked for with an Upgrade header, the client gone at once", () => {
  for (const path of ["/feed", "/lines"]) {
    it(`GET ${path}, 100 times: every generator ends, /health answers meanwhile, the memory does not grow`, async () => {
      const request = requestBytes("GET", path, WEBSOCKET_UPGRADE);
      const leave = async () => {
        const socket = net.connect(port, "127.0.0.1");
        await new Promise<void>((resolve, reject) => socket.once("connect", resolve).once("error", reject));
        socket.on("error", () => {});
        socket.end(request);
        socket.destroy();
      };
      // Warm-up: the first requests grow Node's and V8's pools to their size, which is not a leak.
      for (let count = 0; count < 10; count++) await leave();
      await everyFeedFinished();
      const before = await memory();
      const { feedsStarted: startedBefore } = await probe();
      const healthTimes: number[] = [];
      for (let count = 0; count < 100; count++) {
        await leave();
        if (count % 10 === 9) healthTimes.push(await healthWithin(2_000));
      }
      const after = await everyFeedFinished();
      const grown = await memory();
      // The requests reached their generators (else every generator would have ended vacuously); before, each ran
      // for ever, its endless answer read whole by the upgrade listener.
      expect(after.feedsStarted - startedBefore).toBeGreaterThan(0);
      expect(Math.max(...healthTimes)).toBeLessThan(2_000);
      // An endless answer read whole grew by hundreds of megabytes a second; 100 requests that end leave next to nothing.
      expect((grown.heap - before.heap) / MB).toBeLessThan(20);
      expect((grown.rss - before.rss) / MB).toBeLessThan(100);
      // And nothing is still producing: the count stands still.
      const produced = (await probe()).produced;
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect((await probe()).produced).toBe(produced);
    });
  }

  it("GET /feed, the client gone once its first events arrived: its generator's finally runs", async () => {
    const { feedsStarted } = await probe();
    const exchange = await connect(requestBytes("GET", "/feed", WEBSOCKET_UPGRADE));
    await received(exchange, /data: \{"n":0,/);
    expect((await probe()).feedsStarted).toBe(feedsStarted + 1);
    exchange.socket.destroy();
    expect((await everyFeedFinished()).feedsFinished).toBe(feedsStarted + 1);
  });
});

describe("an ordinary request with an Upgrade header is served as what it is", () => {
  it("a GET of the live feed streams server-sent events, with back-pressure", async () => {
    const exchange = await connect(requestBytes("GET", "/feed", WEBSOCKET_UPGRADE));
    const text = await received(exchange, /data: \{"n":1,/);
    expect(text).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(text).toMatch(/\r\ncontent-type: text\/event-stream\r\n/i);
    expect(text).toContain(`data: {"n":0,"label":"${"x".repeat(1000)}"}\n\n`);
    // Not read whole: once the socket's buffers are full, a client that reads nothing holds the generator at its yield.
    exchange.socket.pause();
    await vi.waitFor(
      async () => {
        const { produced } = await probe();
        await new Promise((resolve) => setTimeout(resolve, 200));
        expect((await probe()).produced - produced).toBeLessThan(50);
      },
      { timeout: 5_000, interval: 0 },
    );
  });

  it("DELETE /items/1 deletes item 1 (204), and a GET of it is then a 404, not the item", async () => {
    const exchange = await connect(requestBytes("DELETE", "/items/1", WEBSOCKET_UPGRADE));
    const answer = await exchange.answer();
    expect(answer.status).toBe(204);
    expect(answer.text).not.toContain('"first"');
    const gone = await fetch(`http://127.0.0.1:${port}/items/1`);
    expect(gone.status).toBe(404);
    expect(gone.headers.get("content-type")).toBe("application/problem+json");
    expect(await gone.json()).toMatchObject({ status: 404, detail: "item 1 not found" });
  });

  it("OPTIONS /items is answered as the same OPTIONS without the Upgrade, never with the list", async () => {
    // One request id for both, so that the two answers compare whole.
    const plain = await (await connect(requestBytes("OPTIONS", "/items", { connection: "close", "x-request-id": "options-1" }))).answer();
    const upgrade = await (
      await connect(requestBytes("OPTIONS", "/items", { ...WEBSOCKET_UPGRADE, "x-request-id": "options-1" }))
    ).answer();
    // honest answers an OPTIONS no route or middleware takes with a 405 naming the methods there are.
    expect(plain.status).toBe(405);
    expect(upgrade.status).toBe(plain.status);
    expect(/\r\nallow: ([^\r]*)/i.exec(upgrade.text)?.[1]).toBe(/\r\nallow: ([^\r]*)/i.exec(plain.text)?.[1]);
    expect(rawBody(upgrade)).toBe(rawBody(plain));
    expect(upgrade.text).not.toContain('"second"');
  });

  it("a chunked POST /items has its body read: 201 with the item", async () => {
    const body = '{"name":"sent in pieces"}';
    const pieces = [body.slice(0, 7), body.slice(7, 8), body.slice(8)]
      .map((piece) => `${Buffer.byteLength(piece).toString(16)}\r\n${piece}\r\n`)
      .join("");
    const head = requestBytes("POST", "/items", {
      ...WEBSOCKET_UPGRADE,
      "content-type": "application/json",
      "transfer-encoding": "chunked",
    });
    const answer = await (await connect(`${head}${pieces}0\r\n\r\n`)).answer();
    expect(answer.status).toBe(201);
    expect(JSON.parse(rawBody(answer))).toMatchObject({ name: "sent in pieces" });
  });

  it("GET /health asking for h2c (curl --http2's request) is a 200, and the request pipelined behind it is answered too", async () => {
    const h2c = requestBytes("GET", "/health", {
      connection: "Upgrade, HTTP2-Settings",
      upgrade: "h2c",
      "http2-settings": "AAMAAABkAARAAAAAAAIAAAAA",
    });
    const exchange = await connect(`${h2c}${requestBytes("GET", "/items/2", {})}`);
    const text = await received(exchange, /HTTP\/1\.1 200 OK[\s\S]*HTTP\/1\.1 200 OK[\s\S]*"second"/);
    const [first, second] = text.split(/(?=HTTP\/1\.1 )/);
    expect(first).toMatch(/\r\n\r\n\{"status":"ok"\}$/);
    expect(second).toMatch(/\r\n\r\n\{"id":2,"name":"second"\}$/);
    expect(exchange.socket.destroyed).toBe(false); // kept alive for the next
  });
});

describe("a socket route's upgrade", () => {
  it("with Connection: keep-alive instead of Upgrade is a 426 problem saying so, and nothing is logged", async () => {
    const answer = await (await connect(requestBytes("GET", "/echo", { ...WEBSOCKET_UPGRADE, connection: "keep-alive" }))).answer();
    expect(answer.status).toBe(426);
    expect(answer.text).toMatch(/\r\ncontent-type: application\/problem\+json\r\n/i);
    expect(JSON.parse(rawBody(answer))).toMatchObject({
      status: 426,
      detail: "/echo is a WebSocket route: a handshake says Connection: Upgrade beside Upgrade: websocket, and this request did not",
    });
    // afterEach checks console.error was never called.
  });

  it("without a Sec-WebSocket-Key, or of a version ws does not speak, is a 400 problem naming the header", async () => {
    const { "sec-websocket-key": _key, ...keyless } = WEBSOCKET_UPGRADE;
    const noKey = await (await connect(requestBytes("GET", "/echo", keyless))).answer();
    expect(noKey.status).toBe(400);
    expect(noKey.text).toMatch(/\r\ncontent-type: application\/problem\+json\r\n/i);
    expect(JSON.parse(rawBody(noKey))).toMatchObject({
      status: 400,
      detail: "the WebSocket handshake cannot be completed: Missing or invalid Sec-WebSocket-Key header",
    });
    const version = await (await connect(requestBytes("GET", "/echo", { ...WEBSOCKET_UPGRADE, "sec-websocket-version": "99" }))).answer();
    expect(version.status).toBe(400);
    // RFC 6455, section 4.4: the versions the server speaks.
    expect(version.text).toMatch(/\r\nsec-websocket-version: 13, 8\r\n/i);
    expect(JSON.parse(rawBody(version))).toMatchObject({
      status: 400,
      detail: "the WebSocket handshake cannot be completed: Missing or invalid Sec-WebSocket-Version header",
    });
  });

  it("from a WebSocket client still opens (101) and echoes", async () => {
    const socket = await openSocket(`ws://127.0.0.1:${port}/echo`);
    socket.send('{"text":"hello"}');
    expect(await socket.nextJson()).toEqual({ text: "hello" });
    socket.ws.close();
    expect((await socket.closed).code).toBe(1005);
  });

  it("asked for by a POST is not a handshake: it is the 405 a POST of that path is", async () => {
    const answer = await (await connect(requestBytes("POST", "/echo", { ...WEBSOCKET_UPGRADE, "content-length": "0" }))).answer();
    expect(answer.status).toBe(405);
    expect(answer.text).toMatch(/\r\nallow: GET, HEAD\r\n/i);
    expect(JSON.parse(rawBody(answer))).toMatchObject({ status: 405, detail: "POST is not allowed on /echo; allowed: GET, HEAD" });
  });

  it("from a WebSocket client to a path that is no socket route is the 404 it would be without the Upgrade", async () => {
    const refused = await openSocket(`ws://127.0.0.1:${port}/nowhere`).then(
      (socket) => {
        socket.ws.close();
        throw new Error("/nowhere upgraded");
      },
      (error: RefusedUpgrade) => error,
    );
    expect(refused.status).toBe(404);
    expect(refused.contentType).toBe("application/problem+json");
  });
});

describe("an app without socket routes", () => {
  let plainServer: RunningServer | undefined;
  afterAll(() => plainServer?.close());

  it("serves an endless stream asked for with an Upgrade header, and ends its generator when the client leaves", async () => {
    const streams = await loadStreamFixture("upgrade-requests-plain");
    plainServer = serveForTest(streams.createStreamApp(), { gracePeriod: 200 });
    const plainPort = (await plainServer.listening).port;
    const exchange = await rawExchange(plainPort, requestBytes("GET", "/streams/endless", WEBSOCKET_UPGRADE));
    exchanges.push(exchange);
    const text = await received(exchange, /data: /);
    expect(text).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    exchange.socket.destroy();
    await vi.waitFor(() => expect(streams.probe.finished.map((each) => each.route)).toContain("endless"), { timeout: 5_000 });
  });
});
