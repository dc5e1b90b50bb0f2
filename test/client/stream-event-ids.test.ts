import { readFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { compileFixture } from "../support/compile.js";

// docs/guide/streams.md, "Reading a stream": an event's id reaches the generated client with the type the route
// gives Last-Event-ID, the header a reconnecting client sends it back in; a bigint for an i64, beyond 2^53 exact,
// so the id an event came with is what the next call takes. A route that reads no Last-Event-ID, or reads it as a
// string, gives its ids as strings; an id that is not what the route declares rejects the loop, naming it.

const BIG = 9007199254740993n; // 2^53 + 1

const controller = `
import { Controller, Get } from "honest";
import type { i64, Header, Sse, SseEvent } from "honest";

export interface Tick { n: i64 }

/** Events whose ids are what each route's Last-Event-ID says they are. */
@Controller({ prefix: "/ids" })
export class IdController {
  /** Two ticks after the last one seen, ids beyond 2^53. */
  @Get("/numbered")
  async *numbered({ "last-event-id": lastSeen }: Header<{ "last-event-id"?: i64 }>): Sse<SseEvent<Tick, "tick">> {
    const first = (lastSeen ?? ${BIG - 1n}n) + 1n;
    for (let id = first; id < first + 2n; id++) yield { event: "tick", id, data: { n: id } };
  }

  /** Two events numbered by plain numbers. */
  @Get("/counted")
  async *counted({ "last-event-id": lastSeen }: Header<{ "last-event-id"?: number }>): Sse<SseEvent<{ at: number }>> {
    const first = (lastSeen ?? 0) + 1;
    for (let id = first; id < first + 2; id++) yield { id, data: { at: id } };
  }

  /** Ids that are words, read back as a string. */
  @Get("/named")
  async *named({ "last-event-id": lastSeen }: Header<{ "last-event-id"?: string }>): Sse<SseEvent<{ after: string }>> {
    yield { id: "alpha", data: { after: lastSeen ?? "" } };
  }

  /** Ids, and no Last-Event-ID read: they stay the text they came as. */
  @Get("/unread")
  async *unread(): Sse<SseEvent<{ n: number }>> {
    yield { id: 7, data: { n: 7 } };
  }

  /** An i64 Last-Event-ID, and an id that is no integer. */
  @Get("/broken")
  async *broken({ "last-event-id": _lastSeen }: Header<{ "last-event-id"?: i64 }>): Sse<SseEvent<{ n: number }>> {
    yield { id: 1n, data: { n: 1 } };
    yield { id: "seven", data: { n: 7 } };
  }
}
`;

type App = { request(request: Request): Response | Promise<Response> };

let text: string;
let client: any;

beforeAll(async () => {
  const dir = path.resolve("test/.out/client-stream-event-ids");
  const compiled = compileFixture(
    "client-stream-event-ids",
    {
      "src/ids.controller.ts": controller,
      "src/app.ts": 'import { createApp } from "honest";\nexport const app = createApp({ log: false });\n',
    },
    {},
    { plugin: { client: path.join(dir, "client/api.ts") } },
  );
  expect(compiled.diagnostics).toEqual([]);
  text = readFileSync(path.join(dir, "client/api.ts"), "utf8");
  const { createClient } = await import(path.join(dir, "client/api.ts"));
  const { app } = await compiled.load<{ app: App }>("src/app.ts");
  client = createClient({ fetch: app.request });
});

async function all(items: AsyncIterable<unknown>): Promise<any[]> {
  const found: unknown[] = [];
  for await (const item of items) found.push(item);
  return found;
}

describe("an event's id in the generated client", () => {
  it("is a bigint when the route reads Last-Event-ID as an i64, exact beyond 2^53, and goes back as the header", async () => {
    const first = await all((await client.id.numbered()).data);
    expect(first).toEqual([
      { event: "tick", id: BIG, data: { n: BIG } },
      { event: "tick", id: BIG + 1n, data: { n: BIG + 1n } },
    ]);
    // Resuming from the last id received: the call takes it as it came.
    const resumed = await all((await client.id.numbered({ headers: { "last-event-id": first.at(-1).id } })).data);
    expect(resumed.map((event) => event.id)).toEqual([BIG + 2n, BIG + 3n]);
  });

  it("is a number when the route reads Last-Event-ID as a number", async () => {
    const events = await all((await client.id.counted({ headers: { "last-event-id": 40 } })).data);
    expect(events).toEqual([
      { id: 41, data: { at: 41 } },
      { id: 42, data: { at: 42 } },
    ]);
  });

  it("is a string when the route reads Last-Event-ID as one, or reads none", async () => {
    expect(await all((await client.id.named({ headers: { "last-event-id": "omega" } })).data)).toEqual([
      { id: "alpha", data: { after: "omega" } },
    ]);
    expect(await all((await client.id.unread()).data)).toEqual([{ id: "7", data: { n: 7 } }]);
  });

  it("that is not what the route declares rejects the loop after the events before it, naming the id", async () => {
    const seen: unknown[] = [];
    const fault = await (async () => {
      for await (const event of (await client.id.broken()).data) seen.push(event);
    })().catch((error: unknown) => error);
    expect(seen).toEqual([{ id: 1n, data: { n: 1 } }]);
    expect(fault).toBeInstanceOf(TypeError);
    expect((fault as Error).message).toBe(
      "the stream's event id 'seven' is not an i64, the type the route gives Last-Event-ID; the server sent an id its route does not declare",
    );
  });

  it("is typed as the route's Last-Event-ID in the generated module", () => {
    expect(text).toContain(
      'numbered(input?: { headers?: { "last-event-id"?: bigint } }, options?: CallOptions): Promise<Answer<{ status: 200; data: ' +
        'AsyncGenerator<{ event: "tick"; data: Tick; id?: bigint; retry?: number }, void, undefined> }, ApiProblem>>;',
    );
    expect(text).toContain("data: AsyncGenerator<{ event?: string; data: { at: number }; id?: number; retry?: number }");
    expect(text).toContain("data: AsyncGenerator<{ event?: string; data: { after: string }; id?: string; retry?: number }");
    expect(text).toContain("data: AsyncGenerator<{ event?: string; data: { n: number }; id?: string; retry?: number }");
    expect(text).toContain('path: "/ids/numbered", headers: input?.headers, stream: readSseEvents, eventId: "i64", read: ');
    expect(text).toContain(
      'send({ method: "GET", path: "/ids/counted", headers: input?.headers, stream: readSseEvents, eventId: "number" }, options)',
    );
    expect(text).toContain('send({ method: "GET", path: "/ids/named", headers: input?.headers, stream: readSseEvents }, options)');
  });
});
