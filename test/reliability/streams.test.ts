import { setTimeout as sleep } from "node:timers/promises";
import { compress } from "hono/compress";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { RunningServer } from "honest/node";
import { serveForTest } from "../support/http.js";
import { openStream as open } from "../support/open-stream.js";
import { loadStreamFixture, type StreamFixture } from "../support/stream-fixture.js";

// docs/guide/streams.md, "Streams": Sse<T> and Ndjson<T> routes over real
// sockets. Items arrive in order, written by the generated writer of their
// type; a client that leaves ends the generator (its `finally` runs) within
// a second; a client that stops reading holds the generator at its `yield`
// rather than letting items pile up; a fault ends the stream with its last
// words, is logged, and the server goes on serving.

/** How soon after the client leaves a generator's `finally` must run (docs/guide/streams.md, "When the client leaves"). */
const FINALLY_WITHIN_MS = 1000;

let fixture: StreamFixture;
let running: RunningServer | undefined;
let errors: ReturnType<typeof vi.spyOn>;

beforeAll(async () => {
  fixture = await loadStreamFixture("streams");
});

afterEach(async () => {
  vi.restoreAllMocks();
  await running?.close();
  running = undefined;
});

async function serve(options: object = {}, gracePeriod = 100): Promise<string> {
  errors = vi.spyOn(console, "error").mockImplementation(() => {});
  fixture.probe.finished.length = 0;
  fixture.probe.produced = 0;
  running = serveForTest(fixture.createStreamApp(options), { gracePeriod });
  return `http://127.0.0.1:${(await running.listening).port}`;
}

/** Waits for a generator's `finally` on `route`, and gives when it ran. */
async function finished(route: string): Promise<number> {
  for (let waited = 0; waited < 5000; waited += 10) {
    const entry = fixture.probe.finished.find((each) => each.route === route);
    if (entry) return entry.at;
    await sleep(10);
  }
  throw new Error(`the ${route} generator's finally did not run within 5 s`);
}

describe("items", () => {
  it("arrive in order as events, each i64 exact and each undeclared property dropped", async () => {
    const base = await serve();
    const response = await fetch(`${base}/streams/ticks?count=3`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/event-stream");
    expect(response.headers.get("cache-control")).toBe("no-cache, no-transform");
    expect(response.headers.get("x-accel-buffering")).toBe("no");
    expect(await response.text()).toBe(
      'data: {"n":9007199254740993,"label":"#0"}\n\n' +
        'data: {"n":9007199254740994,"label":"#1"}\n\n' +
        'data: {"n":9007199254740995,"label":"#2"}\n\n',
    );
  });

  it("arrive as lines of newline-delimited JSON", async () => {
    const base = await serve();
    const response = await fetch(`${base}/streams/lines?count=2`);
    expect(response.headers.get("content-type")).toBe("application/x-ndjson");
    expect(await response.text()).toBe('{"n":9007199254740993,"label":"#0"}\n{"n":9007199254740994,"label":"#1"}\n');
  });

  it("carry their event names and ids, which start after the Last-Event-ID the client sends back", async () => {
    const base = await serve();
    const response = await fetch(`${base}/streams/events`, { headers: { "last-event-id": "9007199254740993" } });
    expect(await response.text()).toBe(
      'event: tick\nid: 9007199254740994\ndata: {"n":9007199254740994,"label":"tick"}\n\n' +
        'event: tick\nid: 9007199254740995\ndata: {"n":9007199254740995,"label":"tick"}\n\n' +
        'event: tick\nid: 9007199254740996\ndata: {"n":9007199254740996,"label":"tick"}\n\n' +
        'event: bye\ndata: {"reason":"that is all"}\n\n',
    );
  });

  it("do not start when the request is refused: a Last-Event-ID that is not an i64 is a 400, a feed the handler refuses a 404", async () => {
    const base = await serve();
    const bad = await fetch(`${base}/streams/events`, { headers: { "last-event-id": "yesterday" } });
    expect(bad.status).toBe(400);
    expect(bad.headers.get("content-type")).toBe("application/problem+json");
    const missing = await fetch(`${base}/streams/feeds/2`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ status: 404, detail: "feed 2 not found" });
    expect(await (await fetch(`${base}/streams/feeds/1`)).text()).toContain('data: {"n":9007199254740994,"label":"#1"}');
  });

  it("are never compressed, whatever content types Hono's compress middleware is given", async () => {
    for (const middleware of [compress(), compress({ contentTypeFilter: () => true })]) {
      const base = await serve({ use: [middleware] });
      for (const path of ["/streams/ticks?count=200", "/streams/lines?count=200"]) {
        const response = await fetch(`${base}${path}`, { headers: { "accept-encoding": "gzip" } });
        expect(response.headers.get("content-encoding")).toBeNull();
        expect((await response.text()).split("\n").length).toBeGreaterThan(200);
      }
      await running!.close();
      running = undefined;
    }
  });
});

describe("a HEAD request", () => {
  it("gets the stream's headers, and starts no generator", async () => {
    const base = await serve();
    const response = await fetch(`${base}/streams/endless`, { method: "HEAD" });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/event-stream");
    await sleep(100);
    expect(fixture.probe.produced).toBe(0);
  });
});

describe("an idle stream", () => {
  it("gets its headers at once, and a comment line each heartbeat", async () => {
    const base = await serve({ heartbeat: 50 });
    const stream = await open(base, "/streams/idle");
    expect(stream.response.statusCode).toBe(200);
    // Only comment lines, which every client ignores: three of them by now.
    expect(await stream.until((text) => text.length >= ": \n\n".length * 3)).toMatch(/^(: \n\n){3,}$/);
    stream.leave();
    await finished("idle");
  });

  it("gets no heartbeat with heartbeat: 0", async () => {
    const base = await serve({ heartbeat: 0 });
    const stream = await open(base, "/streams/idle");
    await sleep(200);
    expect(stream.text()).toBe("");
    stream.leave();
    await finished("idle");
  });
});

describe("a client that leaves", () => {
  it(`ends a generator that waits on the request's signal: its finally runs within ${FINALLY_WITHIN_MS} ms`, async () => {
    const base = await serve();
    const stream = await open(base, "/streams/idle");
    await sleep(50);
    const left = Date.now();
    stream.leave();
    expect((await finished("idle")) - left).toBeLessThan(FINALLY_WITHIN_MS);
    expect(errors).not.toHaveBeenCalled();
  });

  it(`ends a generator that is yielding: its finally runs within ${FINALLY_WITHIN_MS} ms`, async () => {
    const base = await serve();
    const stream = await open(base, "/streams/endless");
    await stream.until((text) => text.length > 100_000);
    const left = Date.now();
    stream.leave();
    expect((await finished("endless")) - left).toBeLessThan(FINALLY_WITHIN_MS);
    expect(errors).not.toHaveBeenCalled();
  });
});

describe("a client that stops reading", () => {
  it("holds the generator at its yield: the items produced stop growing, bounded by what the sockets buffer", async () => {
    const base = await serve();
    const stream = await open(base, "/streams/endless");
    stream.response.pause();
    // Until the buffers between the generator and the client are full.
    let produced = -1;
    while (produced !== fixture.probe.produced) {
      produced = fixture.probe.produced;
      await sleep(250);
    }
    await sleep(500);
    // Kilobyte items: what the kernel's and Node's socket buffers hold, some megabytes, and no more.
    expect(fixture.probe.produced).toBe(produced);
    expect(produced).toBeLessThan(20_000);
    const left = Date.now();
    stream.leave();
    expect((await finished("endless")) - left).toBeLessThan(FINALLY_WITHIN_MS);
  });
});

describe("a fault mid-stream", () => {
  it("ends the stream with an error event holding a problem document, is logged, and the server goes on serving", async () => {
    const base = await serve();
    const text = await (await fetch(`${base}/streams/faults/error`, { headers: { "x-request-id": "r-sse" } })).text();
    expect(text).toBe(
      'data: {"n":1,"label":"before"}\n\n' +
        'event: error\ndata: {"type":"about:blank","title":"Internal Server Error","status":500,"detail":"the server failed to complete the stream","requestId":"r-sse"}\n\n',
    );
    expect(errors).toHaveBeenCalledTimes(1);
    expect(String(errors.mock.calls[0]![0])).toBe(
      "honest: GET /streams/faults/error failed mid-stream with an unhandled error (request r-sse):",
    );
    expect((await fetch(`${base}/health`)).status).toBe(200);
  });

  it("an HttpError ends it with its own status and detail, unlogged", async () => {
    const base = await serve();
    const text = await (await fetch(`${base}/streams/faults/gone`, { headers: { "x-request-id": "r-gone" } })).text();
    expect(text).toContain(
      'event: error\ndata: {"type":"about:blank","title":"Gone","status":410,"detail":"the feed was closed","requestId":"r-gone"}\n\n',
    );
    expect(errors).not.toHaveBeenCalled();
  });

  it("an event name holding a line break ends the stream with the error event instead of a field of its own", async () => {
    const base = await serve();
    const text = await (await fetch(`${base}/streams/faults/name`, { headers: { "x-request-id": "r-name" } })).text();
    expect(text).not.toContain("data: injected");
    expect(text.endsWith('"status":500,"detail":"the server failed to complete the stream","requestId":"r-name"}\n\n')).toBe(true);
    expect(errors).toHaveBeenCalledTimes(1);
  });

  it("ends newline-delimited JSON with an error line", async () => {
    const base = await serve();
    const text = await (await fetch(`${base}/streams/line-fault`, { headers: { "x-request-id": "r-lines" } })).text();
    expect(text).toBe(
      '{"n":1,"label":"before"}\n' +
        '{"error":{"type":"about:blank","title":"Internal Server Error","status":500,"detail":"the server failed to complete the stream","requestId":"r-lines"}}\n',
    );
    expect((await fetch(`${base}/health`)).status).toBe(200);
  });
});

describe("shutdown", () => {
  it("ends open streams at once rather than waiting out the grace period: SSE by closing, NDJSON with a 503 line", async () => {
    const base = await serve({}, 10_000);
    const events = await open(base, "/streams/endless");
    const lines = await open(base, "/streams/idle-lines");
    await events.until((text) => text.length > 10_000);
    const ended = (stream: Awaited<ReturnType<typeof open>>) => new Promise<void>((resolve) => stream.response.on("end", resolve));
    const bothEnded = Promise.all([ended(events), ended(lines)]);
    const started = Date.now();
    await running!.close();
    running = undefined;
    await bothEnded;
    expect(Date.now() - started).toBeLessThan(1000);
    // Whole events, then the end: an EventSource reconnects, to a server that is up.
    expect(events.text().endsWith("}\n\n")).toBe(true);
    expect(lines.text()).toMatch(
      /^\{"error":\{"type":"about:blank","title":"Service Unavailable","status":503,"detail":"the server is shutting down; ask again","requestId":"[0-9a-f-]{36}"\}\}\n$/,
    );
    // The generator at its yield ran its finally; nothing was cut off, so nothing is logged.
    expect(fixture.probe.finished.map((each) => each.route)).toEqual(["endless"]);
    expect(errors).not.toHaveBeenCalled();
  });
});
