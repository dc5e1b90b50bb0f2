import { readFileSync } from "node:fs";
import path from "node:path";
import type { RunningServer } from "honest/node";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import WebSocket from "ws";
import { compileFixture } from "../support/compile.js";
import { serveForTest } from "../support/http.js";

// docs/guide/openapi-and-clients.md, "A client generated with the app", and
// docs/guide/json-bodies-and-responses.md, "Dates": the generated client
// declares a Date where the app does, sends a Date as its RFC 3339 text (in a
// body, a path, a query string, headers, cookies, a form, a socket message),
// and makes a Date of each date-time its answers, streams and messages hold.

const DTOS = `
export interface Note { text: string; written: Date }
export interface Meeting {
  id: number;
  title: string;
  at: Date;
  ends?: Date;
  cancelled: Date | null;
  reminders: Date[];
  notes: Note[];
}
export interface Moved { from: Date; to: Date }
`;

const CONTROLLER = `
import { Controller, Get, Post, Socket } from "honest";
import type { Connection, Cookie, Form, Header, Json, Ndjson, Path, Query, Sse } from "honest";
import type { Meeting, Moved } from "./dtos.js";

@Controller()
export class MeetingController {
  readonly #meetings: Meeting[] = [];

  @Post("/meetings")
  async create(body: Json<Meeting>): Promise<Json<Meeting, 201>> {
    const meeting = { ...body, id: this.#meetings.length + 1 };
    this.#meetings.push(meeting);
    return meeting;
  }

  /** The meetings at or after \`since\`, as of a time, seen at a time. */
  @Get("/meetings")
  async list(q: Query<{ since?: Date }>, h: Header<{ "x-as-of"?: Date }>, c: Cookie<{ seen?: Date }>): Promise<Json<{ asOf: Date | null; seen: Date | null; meetings: Meeting[] }>> {
    const meetings = this.#meetings.filter((meeting) => q.since === undefined || meeting.at >= q.since);
    return { asOf: h["x-as-of"] ?? null, seen: c.seen ?? null, meetings };
  }

  @Get("/days/{day}")
  async day(day: Path<Date>): Promise<Json<{ day: Date; next: Date }>> {
    return { day, next: new Date(day.getTime() + 86_400_000) };
  }

  @Post("/due")
  async due(form: Form<{ due: Date; also?: Date[] }>): Promise<Json<Date[]>> {
    return [form.due, ...(form.also ?? [])];
  }

  @Get("/times")
  async *times(): Ndjson<{ n: number; at: Date | null }> {
    yield { n: 1, at: new Date(Date.UTC(2026, 10, 27)) };
    yield { n: 2, at: null };
  }

  @Get("/moves")
  async *moves(): Sse<Moved> {
    yield { from: new Date(Date.UTC(2026, 0, 1)), to: new Date(Date.UTC(2026, 0, 2)) };
  }

  @Get("/wrong")
  async wrong(): Promise<Json<Moved>> {
    return { from: new Date(0), to: "soon" as never };
  }

  @Socket("/clock")
  async clock(connection: Connection<{ at: Date }, { at: Date; later: Date }>): Promise<void> {
    for await (const message of connection) {
      // The year 9999's last millisecond, and one past it: a Date RFC 3339 cannot write fails the handler.
      connection.send({ at: message.at, later: new Date(message.at.getTime() + 1) });
    }
  }
}
`;

const APP = `import { createApp } from "honest";\nexport const app = createApp({ log: false });\n`;

type App = { fetch(request: Request): Response | Promise<Response>; request(request: Request): Response | Promise<Response> };

let clientText: string;
let client: any;
let sockets: any;
let server: RunningServer;
/** Each request the client sent through `fetch`. */
const sent: Request[] = [];

const at = new Date(Date.UTC(2026, 10, 27, 16, 20, 0, 123));

beforeAll(async () => {
  const dir = path.resolve("test/.out/dates-client");
  const compiled = compileFixture(
    "dates-client",
    { "src/dtos.ts": DTOS, "src/meetings.ts": CONTROLLER, "src/app.ts": APP },
    {},
    { plugin: { client: path.join(dir, "client/api.ts") } },
  );
  expect(compiled.diagnostics).toEqual([]);
  clientText = readFileSync(path.join(dir, "client/api.ts"), "utf8");
  const { app } = await compiled.load<{ app: App }>("src/app.ts");
  const module = await import(path.join(dir, "client/api.ts"));
  const fetch = (request: Request) => {
    sent.push(request.clone());
    return app.request(request);
  };
  client = module.createClient({ fetch, checks: module.responseChecks });
  server = serveForTest(app);
  const { port } = await server.listening;
  sockets = module.createSockets({ baseUrl: `http://127.0.0.1:${port}`, WebSocket });
});

afterAll(async () => {
  await server?.close();
});

describe("the generated client's Dates", () => {
  it("declares Date where the app does, and reads answers with readDate", () => {
    expect(clientText).toContain(
      "export interface Meeting {\n  id: number;\n  title: string;\n  at: Date;\n  ends?: Date;\n  cancelled: Date | null;\n  reminders: Date[];\n  notes: Note[];\n}",
    );
    expect(clientText).toContain('list(input?: { query?: { since?: Date }; headers?: { "x-as-of"?: Date }; cookies?: { seen?: Date } }');
    expect(clientText).toContain("day(input: { day: Date }");
    // A number is read by readPlain: an answer with a reader may be read exactly, which makes a bigint of a long integer.
    expect(clientText).toContain(
      "function readMeeting(value: unknown): unknown {\n  return readObject(value, { id: readPlain, at: readDate, ends: readDate, cancelled: readDate, " +
        "reminders: (items) => readArray(items, readDate), notes: (items) => readArray(items, readNote) });\n}",
    );
  });

  it("sends a body's Dates and gets Dates back, nested, optional, beside null and in arrays", async () => {
    const answer = await client.meeting.create({
      body: { id: 0, title: "plan", at, cancelled: null, reminders: [new Date(0)], notes: [{ text: "n", written: at }] },
    });
    expect(answer).toMatchObject({ ok: true, status: 201 });
    expect(answer.data).toEqual({
      id: 1,
      title: "plan",
      at,
      cancelled: null,
      reminders: [new Date(0)],
      notes: [{ text: "n", written: at }],
    });
    expect(answer.data.at).toBeInstanceOf(Date);
    expect(answer.data.notes[0].written).toBeInstanceOf(Date);
    const later = await client.meeting.create({
      body: {
        id: 0,
        title: "later",
        at: new Date(Date.UTC(2027, 0, 1)),
        ends: new Date(Date.UTC(2027, 0, 2)),
        cancelled: at,
        reminders: [],
        notes: [],
      },
    });
    expect(later.data.ends).toEqual(new Date(Date.UTC(2027, 0, 2)));
    expect(later.data.cancelled).toEqual(at);
  });

  it("sends Dates in the query string, headers and cookies as RFC 3339 text", async () => {
    const answer = await client.meeting.list({
      query: { since: new Date(Date.UTC(2026, 11, 1)) },
      headers: { "x-as-of": at },
      cookies: { seen: new Date(0) },
    });
    expect(answer.ok).toBe(true);
    expect(answer.data.asOf).toEqual(at);
    expect(answer.data.seen).toEqual(new Date(0));
    expect(answer.data.meetings.map((meeting: { title: string }) => meeting.title)).toEqual(["later"]);
    const request = sent.at(-1)!;
    expect(request.url).toBe("http://localhost/meetings?since=2026-12-01T00%3A00%3A00.000Z");
    expect(request.headers.get("x-as-of")).toBe("2026-11-27T16:20:00.123Z");
    expect(request.headers.get("cookie")).toBe("seen=1970-01-01T00%3A00%3A00.000Z");
  });

  it("sends a Date in the path and in a form", async () => {
    const day = await client.meeting.day({ day: at });
    expect(sent.at(-1)!.url).toBe("http://localhost/days/2026-11-27T16%3A20%3A00.123Z");
    expect(day.data).toEqual({ day: at, next: new Date(at.getTime() + 86_400_000) });
    const due = await client.meeting.due({ form: { due: at, also: [new Date(0), new Date(1)] } });
    expect(due.data).toEqual([at, new Date(0), new Date(1)]);
    expect((await sent.at(-1)!.formData()).getAll("also")).toEqual(["1970-01-01T00:00:00.000Z", "1970-01-01T00:00:00.001Z"]);
  });

  it("refuses to send an invalid Date, rather than send text the app would refuse", async () => {
    await expect(client.meeting.list({ query: { since: new Date(Number.NaN) } })).rejects.toThrow(RangeError);
  });

  it("rejects an answer whose Date position holds no date-time, naming the position", async () => {
    await expect(client.meeting.wrong()).rejects.toThrow(
      'the answer is not of its declared type: $.to: expected RFC 3339 date-time such as 2026-11-27T16:20:00Z, got "soon"',
    );
  });

  it("makes Dates of a stream's items", async () => {
    const lines = await client.meeting.times();
    const items: unknown[] = [];
    for await (const item of lines.data) items.push(item);
    expect(items).toEqual([
      { n: 1, at: new Date(Date.UTC(2026, 10, 27)) },
      { n: 2, at: null },
    ]);
    const events = await client.meeting.moves();
    for await (const moved of events.data)
      expect(moved).toEqual({ from: new Date(Date.UTC(2026, 0, 1)), to: new Date(Date.UTC(2026, 0, 2)) });
  });

  it("sends a socket message's Date and makes Dates of the messages it gets", async () => {
    const socket = await sockets.meeting.clock();
    socket.send({ at });
    for await (const message of socket) {
      expect(message).toEqual({ at, later: new Date(at.getTime() + 1) });
      expect(message.at).toBeInstanceOf(Date);
      break;
    }
  });

  it("a socket message whose Date RFC 3339 cannot write fails its handler: the connection closes with 1011, the fault logged", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const socket = await sockets.meeting.clock();
    socket.send({ at: new Date("9999-12-31T23:59:59.999Z") });
    expect(await socket.closed).toEqual({ code: 1011, reason: "the server failed to handle the connection" });
    expect(String(logged.mock.calls[0]?.[0])).toMatch(/^honest: the handler of the WebSocket at \/clock failed/);
    expect(String(logged.mock.calls[0]?.[1])).toContain("outside the years 0000 to 9999");
    logged.mockRestore();
  });
});
