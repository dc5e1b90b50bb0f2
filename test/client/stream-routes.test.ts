import { readFileSync } from "node:fs";
import path from "node:path";
import { StreamFault } from "honest/client";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { compileFixture } from "../support/compile.js";
import { serveForTest } from "../support/http.js";
import { healthController, streamController, streamProbe } from "../support/stream-fixture.js";

// docs/guide/streams.md, "Reading a stream": a streamed route's call in the
// generated client resolves, once the stream has started, to an answer whose
// `data` is an async generator of the route's items, typed and exact (i64s
// beyond 2^53 as bigints); named events come whole; a fault mid-stream
// rejects the loop with StreamFault; leaving the loop closes the server's
// generator.

const BIG = 9007199254740993n; // 2^53 + 1

type App = { request(request: Request): Response | Promise<Response>; fetch(request: Request): Response | Promise<Response> };

let text: string;
let createClient: (options: object) => any;
let app: App;
let probe: { produced: number; finished: { route: string; at: number }[] };

beforeAll(async () => {
  const dir = path.resolve("test/.out/client-streams");
  const compiled = compileFixture(
    "client-streams",
    {
      "src/stream.controller.ts": streamController,
      "src/probe.ts": streamProbe,
      "src/health.controller.ts": healthController,
      "src/app.ts": 'import { createApp } from "honest";\nexport const app = createApp({ log: false });\n',
    },
    {},
    { plugin: { client: path.join(dir, "client/api.ts") } },
  );
  expect(compiled.diagnostics).toEqual([]);
  text = readFileSync(path.join(dir, "client/api.ts"), "utf8");
  ({ createClient } = await import(path.join(dir, "client/api.ts")));
  ({ app } = await compiled.load<{ app: App }>("src/app.ts"));
  ({ probe } = await compiled.load<{ probe: typeof probe }>("src/probe.ts"));
});

/** Every item of a stream. */
async function all(items: AsyncIterable<unknown>): Promise<unknown[]> {
  const found: unknown[] = [];
  for await (const item of items) found.push(item);
  return found;
}

function streamsOver(api: () => any) {
  it("an Sse<T>: each item in order, its i64 exact, undeclared properties never sent", async () => {
    const answer = await api().stream.ticks({ query: { count: 3 } });
    expect([answer.ok, answer.status, answer.response.headers.get("content-type")]).toEqual([true, 200, "text/event-stream"]);
    expect(await all(answer.data)).toEqual([
      { n: BIG, label: "#0" },
      { n: BIG + 1n, label: "#1" },
      { n: BIG + 2n, label: "#2" },
    ]);
  });

  it("named events come whole, with their ids as the route's i64 Last-Event-ID; that is a header the call sends", async () => {
    const answer = await api().stream.events({ headers: { "last-event-id": BIG } });
    expect(await all(answer.data)).toEqual([
      { event: "tick", id: BIG + 1n, data: { n: BIG + 1n, label: "tick" } },
      { event: "tick", id: BIG + 2n, data: { n: BIG + 2n, label: "tick" } },
      { event: "tick", id: BIG + 3n, data: { n: BIG + 3n, label: "tick" } },
      { event: "bye", data: { reason: "that is all" } },
    ]);
  });

  it("an Ndjson<T>: each line an item", async () => {
    const answer = await api().stream.lines({ query: { count: 2 } });
    expect(await all(answer.data)).toEqual([
      { n: BIG, label: "#0" },
      { n: BIG + 1n, label: "#1" },
    ]);
  });

  it("a fault mid-stream rejects the loop with StreamFault, after the items sent before it", async () => {
    const seen: unknown[] = [];
    const events = (await api().stream.faults({ fault: "gone" })).data;
    const fault = await (async () => {
      for await (const event of events) seen.push(event);
    })().catch((error: unknown) => error);
    expect(seen).toEqual([{ data: { n: 1n, label: "before" } }]);
    expect(fault).toBeInstanceOf(StreamFault);
    expect((fault as StreamFault).problem).toMatchObject({ status: 410, detail: "the feed was closed" });
    // The server logs the handler's unhandled error, which the client sees as a 500 StreamFault.
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const lines = (await api().stream.lineFault()).data;
      await expect(all(lines)).rejects.toMatchObject({ name: "StreamFault", status: 500 });
      await vi.waitFor(() =>
        expect(logged).toHaveBeenCalledWith(
          expect.stringMatching(/^honest: GET \/streams\/line-fault failed mid-stream with an unhandled error \(request [0-9a-f-]{36}\):$/),
          expect.objectContaining({ message: "the feed broke" }),
        ),
      );
    } finally {
      logged.mockRestore();
    }
  });

  it("a refusal before the stream starts is a problem, as for any route", async () => {
    const missing = await api().stream.feed({ id: 2n });
    expect([missing.ok, missing.status, missing.problem.detail]).toEqual([false, 404, "feed 2 not found"]);
    const found = await api().stream.feed({ id: 1n });
    expect(await all(found.data)).toHaveLength(2);
  });
}

// In process first: closing the server ends the app's streams, those that start after it too (docs/guide/streams.md, "When the client leaves").
describe("in process, through app.request", () => {
  streamsOver(() => createClient({ fetch: app.request }));
});

describe("over a socket, through honest's serve", () => {
  let baseUrl: string;
  let close: () => Promise<void>;
  beforeAll(async () => {
    const running = serveForTest(app);
    baseUrl = `http://127.0.0.1:${(await running.listening).port}`;
    close = () => running.close();
  });
  afterAll(() => close());

  streamsOver(() => createClient({ baseUrl }));

  it("leaving the loop closes the server's generator: its finally runs within a second", async () => {
    const answer = await createClient({ baseUrl }).stream.endless();
    let count = 0;
    for await (const _ of answer.data) if (++count === 3) break;
    const left = Date.now();
    await expect
      .poll(() => probe.finished.find((each) => each.route === "endless" && each.at >= left - 50), { timeout: 1000 })
      .toBeTruthy();
  });
});

describe("the generated module", () => {
  it("types each streamed route's data as an async generator of its items, read by honest/client's stream readers", () => {
    expect(text).toContain(
      "ticks(input: { query: { count: number } }, options?: CallOptions): Promise<Answer<{ status: 200; data: AsyncGenerator<Tick, void, undefined> }, ApiProblem>>;",
    );
    expect(text).toContain(
      'events(input?: { headers?: { "last-event-id"?: bigint } }, options?: CallOptions): Promise<Answer<{ status: 200; data: AsyncGenerator<' +
        '{ event: "tick"; data: Tick; id?: bigint; retry?: number } | { event: "bye"; data: Bye; id?: bigint; retry?: number }, void, undefined> }, ApiProblem>>;',
    );
    expect(text).toContain('send({ method: "GET", path: "/streams/ticks", query: input.query, stream: readSse, read: readTick }, options)');
    // Every event is named: a "bye" event's data has no i64 or Date, so it is read plainly, with no test of the union.
    expect(text).toContain(
      'send({ method: "GET", path: "/streams/events", headers: input?.headers, stream: readSseEvents, eventId: "i64", read: (value: unknown, event?: string) => event === "tick" ? readTick(value) : readPlain(value) }, options)',
    );
    expect(text).toContain("stream: readNdjson, read: readTick }");
  });
});
