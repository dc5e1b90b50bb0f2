import type { Socket } from "node:net";
import v8 from "node:v8";
import { runInNewContext } from "node:vm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import WebSocket from "ws";
import type { RunningServer } from "honest/node";
import { serveForTest } from "../support/http.js";
import { rawBody, rawExchange, requestBytes } from "../support/raw-socket.js";
import { type Components, freshExample, loadComponents } from "./fuzzed-example.js";

// Part of `npm run fuzz` and `npm test`, beside socket.fuzz.test.ts: clients
// of the example's chat (WS /chat) that stop reading, at once or after a few
// messages, and go on sending posts, messages the chat refuses (not JSON, a
// wrong type, a text past its MaxLength<500>) or a mix, one to three at a
// time, sometimes beside a client that reads everything. honest must push
// back on them (stop reading their frames) or close them, never hold what
// they do not read (docs/guide/websockets.md, "Limits and liveness"); the
// chat itself skips a member that is backed up, so a client that only posts
// reads on, missing its own posts. What
// the server queues for any one client stays under maxBuffered (1 MiB) and
// a message; /health answers within 2 s throughout; the reading client is
// never cut off; a client the server closed is served no more (its posts
// reach no one) and learns it (1008) once it reads again; once they leave,
// the server lets go of every connection, and its heap is where it was.
// The server's end of each connection is looked at
// directly (the test and the server share the process): a client's own
// unsent bytes would tell of a push back only after the kernel's buffers,
// megabytes on loopback, had filled. FUZZ_SEED replays a run,
// SLOW_READER_RUNS sets the number of runs.

v8.setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc") as () => void;

const RUNS = Number(process.env.SLOW_READER_RUNS || 6);
const SEED = Number(process.env.FUZZ_SEED || 20_261_123);

/** createApp's default (docs/reference/limits.md, "WebSockets"). */
const MAX_BUFFERED = 1024 * 1024;
/** What one slow client sends at most, in bytes and in messages, if the server neither pushes back nor closes. */
const BUDGET = 8 * 1024 * 1024;
const MAX_MESSAGES = 25_000;
const MB = 1024 * 1024;
const TOKEN = { authorization: "Bearer ada-token" };
/** The text of posts a client sends once the server has closed it. */
const AFTER_THE_CLOSE = "sent after the server's close";

type Kind = "post" | "not JSON" | "wrong type" | "too long";

interface SlowClient {
  /** What it sends, in turn. */
  readonly kinds: readonly Kind[];
  /** How much each message carries besides its point, in characters (a post's text is at most 500). */
  readonly size: number;
  /** Messages it sends, reading, before it stops reading. */
  readonly readsFirst: number;
}

interface Scenario {
  readonly slow: readonly SlowClient[];
  /** A client that reads all it gets, beside them. */
  readonly reader: boolean;
}

const slowClient: fc.Arbitrary<SlowClient> = fc.record({
  kinds: fc.oneof(
    fc.constant<Kind[]>(["post"]),
    fc.constant<Kind[]>(["wrong type"]),
    fc.uniqueArray(fc.constantFrom<Kind>("post", "not JSON", "wrong type", "too long"), { minLength: 1, maxLength: 4 }),
  ),
  size: fc.oneof(fc.integer({ min: 1, max: 500 }), fc.constantFrom(1, 500)),
  readsFirst: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 20 })),
});
const scenario: fc.Arbitrary<Scenario> = fc.record({
  slow: fc.array(slowClient, { minLength: 1, maxLength: 3 }),
  reader: fc.boolean(),
});

function message(kind: Kind, size: number, index: number): string {
  switch (kind) {
    case "post":
      return JSON.stringify({ text: `${index}:`.padEnd(size, "p").slice(0, 500) });
    case "not JSON":
      return `{${"n".repeat(size)}`;
    case "wrong type":
      // The undeclared property is dropped; the text is not a string.
      return JSON.stringify({ text: 42, note: "w".repeat(size) });
    case "too long":
      return JSON.stringify({ text: "t".repeat(501 + size) });
  }
}

interface Client {
  readonly ws: WebSocket;
  /** Every message it read. */
  readonly received: string[];
  /** Resolves with the close's code. */
  readonly closed: Promise<number>;
}

async function openChat(port: number): Promise<Client> {
  const ws = new WebSocket(`ws://127.0.0.1:${port}/chat`, { headers: TOKEN });
  const received: string[] = [];
  ws.on("message", (data) => received.push(String(data)));
  const closed = new Promise<number>((resolve) => ws.on("close", (code) => resolve(code)));
  ws.on("error", () => {}); // a reset is an outcome, read from the close
  await new Promise<void>((resolve, reject) => {
    ws.once("open", resolve);
    ws.once("unexpected-response", (_request, response) => reject(new Error(`the chat refused the upgrade: ${response.statusCode}`)));
  });
  return { ws, received, closed };
}

function socketOf(ws: WebSocket): Socket {
  return (ws as unknown as { _socket: Socket })._socket;
}

/** The server's ws WebSocket on its end of a connection (ws keeps it on the socket, under its `websocket` symbol). */
interface ServerEnd {
  readonly readyState: number;
  /** Whether honest has stopped reading the client's frames. */
  readonly isPaused: boolean;
}

function serverEndOf(socket: Socket): ServerEnd | undefined {
  const key = Object.getOwnPropertySymbols(socket).find((symbol) => symbol.description === "websocket");
  return key === undefined ? undefined : (socket as unknown as Record<symbol, ServerEnd>)[key];
}

/** What happened to a slow client. */
interface Outcome {
  /** The server stopped reading its frames while it sent. */
  readonly pushedBack: boolean;
  /** The server closed it while it sent. */
  readonly closedByServer: boolean;
  /** The close code the client read once it read again; undefined if the connection stayed open. */
  readonly closedWith: number | undefined;
  readonly sent: number;
}

/** Resolves once the client has sent all it queued and has received nothing for 200 ms (2 s at most). */
async function quiet(ws: WebSocket, received: readonly string[]): Promise<undefined> {
  let count = -1;
  for (let waited = 0; waited < 2_000; waited += 200) {
    if (received.length === count && ws.bufferedAmount === 0) return undefined;
    count = received.length;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return undefined;
}

/** Sends as `client` says until the server pushes back or closes, or the budget is spent; then reads again to learn how it ended. */
async function runSlowClient(port: number, serverEnds: Map<number, Socket>, client: SlowClient, index: number): Promise<Outcome> {
  const { ws, received, closed } = await openChat(port);
  const serverSocket = serverEnds.get(socketOf(ws).localPort!);
  expect(serverSocket, "the server's end of the connection was not seen").toBeDefined();
  let sent = 0;
  let pushedBack = false;
  let closedByServer = false;
  for (let count = 0; sent < BUDGET && count < MAX_MESSAGES; count++) {
    if (count === client.readsFirst) socketOf(ws).pause();
    const text = message(client.kinds[(count + index) % client.kinds.length]!, client.size, count);
    ws.send(text);
    sent += text.length;
    // A turn for the server (and the other clients) now and then, as a network would give it.
    if (count % 16 !== 15) continue;
    await new Promise((resolve) => setImmediate(resolve));
    const end = serverEndOf(serverSocket!);
    closedByServer = end === undefined || end.readyState >= WebSocket.CLOSING;
    pushedBack = end?.isPaused === true;
    if (closedByServer || pushedBack || ws.readyState !== WebSocket.OPEN) break;
  }
  // Closed, it is served no more: what it sends before it reads the close reaches no one.
  if (closedByServer) for (let count = 0; count < 20; count++) ws.send(JSON.stringify({ text: AFTER_THE_CLOSE }));
  // Reading again: what the server queued arrives, then its close, if it closed.
  socketOf(ws).resume();
  const closedWith = await Promise.race([closed, quiet(ws, received)]);
  ws.terminate();
  return { pushedBack, closedByServer, closedWith, sent };
}

/** A new connection's GET /health, answered (200) within `ms`. */
async function healthAnswers(port: number, ms: number): Promise<void> {
  const exchange = await rawExchange(port, requestBytes("GET", "/health", { connection: "close" }));
  const answer = await exchange.answer(ms);
  exchange.socket.destroy();
  expect(answer.status, `/health was not answered within ${ms} ms`).toBe(200);
  expect(JSON.parse(rawBody(answer))).toMatchObject({ status: "ok" });
}

function connectionsOf(running: RunningServer): Promise<number> {
  return new Promise((resolve, reject) => running.server.getConnections((error, count) => (error ? reject(error) : resolve(count))));
}

function heapAfterCollection(): number {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
}

describe(`socket fuzz: slow readers of the chat, ${RUNS} runs (seed ${SEED})`, () => {
  let components: Components;
  beforeAll(async () => {
    components = await loadComponents();
  });

  const outcomes: Outcome[] = [];
  afterAll(() => {
    const pushed = outcomes.filter((outcome) => outcome.pushedBack).length;
    const closed = outcomes.filter((outcome) => outcome.closedByServer).length;
    const megabytes = (outcomes.reduce((sum, outcome) => sum + outcome.sent, 0) / MB).toFixed(1);
    console.log(`slow readers: ${outcomes.length} clients sent ${megabytes} MB; ${pushed} pushed back, ${closed} closed, the rest read on`);
  });

  /** One scenario on a fresh example: the slow clients, the reader, /health asked every 100 ms, and what the server holds. */
  async function play({ slow, reader }: Scenario): Promise<void> {
    const example = await freshExample(components);
    const running = serveForTest(example.app, { gracePeriod: 100 });
    const { port } = await running.listening;
    // The server's end of each connection, by the client's port.
    const serverEnds = new Map<number, Socket>();
    running.server.on("upgrade", (_request, socket: Socket) => serverEnds.set(socket.remotePort!, socket));
    let mostQueued = 0;
    const sampler = setInterval(() => {
      for (const socket of serverEnds.values()) mostQueued = Math.max(mostQueued, socket.writableLength);
    }, 5);
    let playing = true;
    const health = (async () => {
      while (playing) {
        await healthAnswers(port, 2_000);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    })();
    try {
      const listener = reader ? await openChat(port) : undefined;
      const ran = await Promise.all(slow.map((client, index) => runSlowClient(port, serverEnds, client, index)));
      outcomes.push(...ran);
      for (const outcome of ran) {
        if (outcome.closedByServer) expect(outcome.closedWith, "a client the server closed was not told why").toBe(1008);
      }
      if (listener !== undefined) {
        if (slow.some((client) => client.kinds.includes("post")))
          expect(listener.received.length, "the reader got no post").toBeGreaterThan(0);
        expect(listener.ws.readyState, "the reader was cut off").toBe(WebSocket.OPEN);
        expect(
          listener.received.filter((text) => text.includes(AFTER_THE_CLOSE)),
          "a closed client's posts went on",
        ).toEqual([]);
        listener.ws.terminate();
      }
      // send() refuses once maxBuffered is queued: one message past it at most (the chat's are under a kilobyte).
      expect(mostQueued, "the server queued more than maxBuffered and a message for one client").toBeLessThan(MAX_BUFFERED + 4096);
      await vi.waitFor(async () => expect(await connectionsOf(running), "connections held after their clients left").toBe(0), {
        timeout: 5_000,
        interval: 50,
      });
    } finally {
      playing = false;
      clearInterval(sampler);
      await health;
      await running.close();
    }
  }

  it("are pushed back or closed; the server holds under maxBuffered for each, answers /health, keeps its reader, and lets go of them", async () => {
    const heapBefore = heapAfterCollection();
    // Besides the random runs, the two ends: a client that posts without reading (its own posts back up, and the chat
    // skips it), and one that sends the smallest refused message there is (the replies back up first: pushed back).
    const examples: [Scenario][] = [
      [{ slow: [{ kinds: ["post"], size: 500, readsFirst: 0 }], reader: true }],
      [{ slow: [{ kinds: ["wrong type"], size: 1, readsFirst: 0 }], reader: false }],
    ];
    await fc.assert(fc.asyncProperty(scenario, play), { numRuns: RUNS, seed: SEED, examples });
    expect((heapAfterCollection() - heapBefore) / MB, "the heap grew past the run").toBeLessThan(32);
    expect(
      outcomes.some((outcome) => outcome.pushedBack),
      "no client was pushed back",
    ).toBe(true);
  }, 120_000);
});
