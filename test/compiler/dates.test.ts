import { readFileSync } from "node:fs";
import path from "node:path";
import type { Hono } from "hono";
import { afterEach, beforeAll, beforeEach, describe, expect, it, type MockInstance, vi } from "vitest";
import { compileFixture } from "../support/compile.js";

// docs/guide/json-bodies-and-responses.md, "Dates": a `Date` is written as
// its RFC 3339 text (toISOString) wherever honest writes JSON, and read only
// from an RFC 3339 date-time, the same check `Format<"date-time">` makes,
// wherever honest reads JSON or text; anything else is a 400 naming the
// field. A Date that has no such text (`new Date(NaN)`) is the handler's
// fault: a 500, logged, never null. The OpenAPI document says
// `format: date-time`.

const DTOS = `
/** A meeting, as stored. */
export interface Meeting {
  title: string;
  at: Date;
  ends?: Date;
  cancelled: Date | null;
  reminders: Date[];
  moved: Record<string, Date>;
  slots: [Date, Date?];
}
export interface Slot { from: Date; to: Date }
`;

const CONTROLLER = `
import { Controller, Get, Post, StatusCode } from "honest";
import type { Cookie, Form, Header, Json, Ndjson, Path, Query, Sse } from "honest";
import type { Meeting, Slot } from "./dtos.js";

export const received: unknown[] = [];

@Controller()
export class MeetingController {
  @Post("/meetings")
  async create(body: Json<Meeting>): Promise<Json<Meeting, 201>> {
    received.push(body);
    return body;
  }

  @Post("/many")
  async many(body: Json<Date[]>): Promise<Json<Date[]>> {
    received.push(body);
    return body;
  }

  @Post("/either")
  async either(body: Json<Date | Slot | null>): Promise<Json<Date | Slot | null>> {
    received.push(body);
    return body;
  }

  @Get("/days/{day}")
  async day(day: Path<Date>): Promise<Json<{ day: Date; year: number }>> {
    return { day, year: day.getUTCFullYear() };
  }

  @Get("/search")
  async search(
    q: Query<{ since: Date; until?: Date; on?: Date[] }>,
    h: Header<{ "x-as-of"?: Date }>,
    c: Cookie<{ seen?: Date }>,
  ): Promise<Json<{ since: Date; until: Date | null; on: Date[]; asOf: Date | null; seen: Date | null }>> {
    return { since: q.since, until: q.until ?? null, on: q.on ?? [], asOf: h["x-as-of"] ?? null, seen: c.seen ?? null };
  }

  @Post("/due")
  async due(form: Form<{ title: string; due: Date }>): Promise<Json<{ title: string; due: Date; isDate: boolean }>> {
    return { ...form, isDate: form.due instanceof Date };
  }

  @Get("/invalid")
  async invalid(): Promise<Json<{ title: string; at: Date }>> {
    return { title: "lost", at: new Date(Number.NaN) };
  }

  @Get("/far")
  async far(): Promise<Json<Date[]>> {
    return [new Date(0), new Date(Date.UTC(10000, 0, 1))];
  }

  @Get("/lines")
  async *lines(): Ndjson<{ n: number; at: Date }> {
    yield { n: 1, at: new Date(Date.UTC(2026, 10, 27, 16, 20)) };
    yield { n: 2, at: new Date(Number.NaN) };
  }

  @Get("/events")
  async *events(): Sse<Slot> {
    yield { from: new Date(Date.UTC(2026, 0, 1)), to: new Date(Date.UTC(2026, 0, 2)) };
  }

  @Get("/none")
  async none(): Promise<StatusCode> {
    return StatusCode.NO_CONTENT;
  }
}
`;

const APP = `import { createApp } from "honest";\nexport const app = createApp();\n`;

let app: Hono;
let received: unknown[];
let document: Record<string, any>;

beforeAll(async () => {
  const file = path.resolve(import.meta.dirname, "../.out/dates-openapi.json");
  const compiled = compileFixture(
    "dates",
    { "src/dtos.ts": DTOS, "src/meetings.ts": CONTROLLER, "src/app.ts": APP },
    {},
    { plugin: { openapi: { file, title: "Meetings", version: "1.0.0" } } },
  );
  expect(compiled.diagnostics).toEqual([]);
  ({ app } = await compiled.load<{ app: Hono }>("src/app.ts"));
  ({ received } = await compiled.load<{ received: unknown[] }>("src/meetings.ts"));
  document = JSON.parse(readFileSync(file, "utf8"));
});

let logged: MockInstance;
beforeEach(() => {
  logged = vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
});

const post = (url: string, body: unknown) =>
  app.request(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });

const meeting = {
  title: "planning",
  at: "2026-11-27T16:20:00Z",
  cancelled: null,
  reminders: ["2026-11-27T16:00:00+01:00", "2026-11-26t09:30:00.123456z"],
  moved: { first: "1999-12-31T23:59:60Z" },
  slots: ["0001-01-01T00:00:00Z"],
};

const DATE_TIME = "RFC 3339 date-time such as 2026-11-27T16:20:00Z";

describe("a Date in a JSON body", () => {
  it("reaches the handler as a Date, wherever it is: nested, in arrays, records, tuples, optional or beside null", async () => {
    const response = await post("/meetings", { ...meeting, ends: "2026-11-27T17:00:00.5-05:30" });
    expect(response.status).toBe(201);
    const body = received.at(-1) as Record<string, any>;
    expect(body.at).toBeInstanceOf(Date);
    expect(body.at.getTime()).toBe(Date.UTC(2026, 10, 27, 16, 20));
    expect(body.ends.toISOString()).toBe("2026-11-27T22:30:00.500Z");
    expect(body.cancelled).toBeNull();
    expect(body.reminders.map((date: Date) => date.toISOString())).toEqual(["2026-11-27T15:00:00.000Z", "2026-11-26T09:30:00.123Z"]);
    // A leap second is the instant after 23:59:59.999: a Date has none.
    expect(body.moved.first.toISOString()).toBe("2000-01-01T00:00:00.000Z");
    // The years 0 to 99 are those years, not 1900 to 1999.
    expect(body.slots[0].toISOString()).toBe("0001-01-01T00:00:00.000Z");
  });

  it("is written back as toISOString writes it", async () => {
    const response = await post("/meetings", meeting);
    expect(await response.text()).toBe(
      '{"title":"planning","at":"2026-11-27T16:20:00.000Z","cancelled":null,' +
        '"reminders":["2026-11-27T15:00:00.000Z","2026-11-26T09:30:00.123Z"],' +
        '"moved":{"first":"2000-01-01T00:00:00.000Z"},"slots":["0001-01-01T00:00:00.000Z"]}',
    );
  });

  it.each([
    ["a day that does not exist", "2026-13-01T00:00:00Z"],
    ["February 29th of a common year", "2023-02-29T10:00:00Z"],
    ["a date without a time", "2026-11-27"],
    ["a time without an offset", "2026-11-27T16:20:00"],
    ["a space for T", "2026-11-27 16:20:00Z"],
    ["Date's own text", "Fri Nov 27 2026 16:20:00 GMT+0000"],
    ["a leap second that is not at 23:59 UTC", "2026-11-27T16:20:60Z"],
  ])("refuses %s with a 400 naming the field and what a date-time is", async (_why, text) => {
    const response = await post("/meetings", { ...meeting, at: text });
    expect(response.status).toBe(400);
    expect((await response.json()).errors).toEqual([{ path: "$.at", expected: DATE_TIME, got: JSON.stringify(text) }]);
  });

  it("refuses a number, and names every bad date of the body", async () => {
    const response = await post("/meetings", { ...meeting, at: 1764260400000, reminders: ["2026-11-27T16:00:00Z", "soon"], cancelled: "" });
    expect(response.status).toBe(400);
    expect((await response.json()).errors).toEqual([
      { path: "$.at", expected: DATE_TIME, got: "1764260400000" },
      { path: "$.cancelled", expected: `${DATE_TIME} | null`, got: '""' },
      { path: "$.reminders[1]", expected: DATE_TIME, got: '"soon"' },
    ]);
  });

  it("reads an array of Dates, and a union of a Date, an object and null", async () => {
    const many = await post("/many", ["2026-01-01T00:00:00Z", "2026-01-02T00:00:00+02:00"]);
    expect(await many.text()).toBe('["2026-01-01T00:00:00.000Z","2026-01-01T22:00:00.000Z"]');
    expect((received.at(-1) as Date[])[1]).toBeInstanceOf(Date);
    const date = await post("/either", "2026-01-01T00:00:00Z");
    expect(await date.text()).toBe('"2026-01-01T00:00:00.000Z"');
    expect(received.at(-1)).toBeInstanceOf(Date);
    const slot = await post("/either", { from: "2026-01-01T00:00:00Z", to: "2026-01-01T01:00:00Z" });
    expect(await slot.text()).toBe('{"from":"2026-01-01T00:00:00.000Z","to":"2026-01-01T01:00:00.000Z"}');
    expect(await (await post("/either", null)).text()).toBe("null");
    const wrong = await post("/either", "tomorrow");
    expect((await wrong.json()).errors).toEqual([{ path: "$", expected: `${DATE_TIME} | object | null`, got: '"tomorrow"' }]);
    const bad = await post("/either", { from: "2026-01-01T00:00:00Z", to: 5 });
    expect((await bad.json()).errors).toEqual([{ path: "$.to", expected: DATE_TIME, got: "5" }]);
  });
});

describe("a Date in a path, a query string, headers, cookies and a form", () => {
  it("is read from an RFC 3339 date-time", async () => {
    const day = await app.request("/days/2026-11-27T16:20:00Z");
    expect(await day.json()).toEqual({ day: "2026-11-27T16:20:00.000Z", year: 2026 });
    const query = "since=2026-11-27T16:20:00%2B01:00&until=2026-12-01T00:00:00Z&on=2026-11-28T00:00:00Z&on=2026-11-29T00:00:00Z";
    const search = await app.request(`/search?${query}`, {
      headers: { "x-as-of": "2026-11-27T00:00:00Z", cookie: "seen=2026-11-26T00%3A00%3A00Z" },
    });
    expect(await search.json()).toEqual({
      since: "2026-11-27T15:20:00.000Z",
      until: "2026-12-01T00:00:00.000Z",
      on: ["2026-11-28T00:00:00.000Z", "2026-11-29T00:00:00.000Z"],
      asOf: "2026-11-27T00:00:00.000Z",
      seen: "2026-11-26T00:00:00.000Z",
    });
    const form = await app.request("/due", { method: "POST", body: new URLSearchParams({ title: "t", due: "2026-11-27T16:20:00Z" }) });
    expect(await form.json()).toEqual({ title: "t", due: "2026-11-27T16:20:00.000Z", isDate: true });
  });

  it("refuses anything else with a 400 naming the value and what a date-time is", async () => {
    const day = await app.request("/days/2026-11-27");
    expect(day.status).toBe(400);
    expect((await day.json()).detail).toBe(
      'path parameter "day" must be an RFC 3339 date-time, such as 2026-11-27T16:20:00Z; got "2026-11-27"',
    );
    // An unescaped + in a query string is a space.
    const search = await app.request("/search?since=2026-11-27T16:20:00+01:00&on=1764260400000", {
      headers: { "x-as-of": "Fri, 27 Nov 2026 16:20:00 GMT", cookie: "seen=yesterday" },
    });
    expect(search.status).toBe(400);
    expect((await search.json()).errors).toEqual([
      { path: "query.since", expected: DATE_TIME, got: '"2026-11-27T16:20:00 01:00"' },
      { path: "query.on[0]", expected: DATE_TIME, got: '"1764260400000"' },
      { path: "header.x-as-of", expected: DATE_TIME, got: '"Fri, 27 Nov 2026 16:20:00 GMT"' },
      { path: "cookie.seen", expected: DATE_TIME, got: '"yesterday"' },
    ]);
    const form = await app.request("/due", { method: "POST", body: new URLSearchParams({ title: "t", due: "2026-02-30T00:00:00Z" }) });
    expect((await form.json()).errors).toEqual([{ path: "form.due", expected: DATE_TIME, got: '"2026-02-30T00:00:00Z"' }]);
  });
});

describe("a Date a response cannot write", () => {
  it("an invalid Date is the handler's fault: a 500, logged, never null", async () => {
    const response = await app.request("/invalid");
    expect(response.status).toBe(500);
    expect(await response.json()).toMatchObject({ status: 500, title: "Internal Server Error" });
    expect(logged.mock.calls).toHaveLength(1);
    expect(String(logged.mock.calls[0]![0])).toMatch(/^honest: GET \/invalid failed/);
    expect(String(logged.mock.calls[0]![1])).toContain("a Date to send is invalid (new Date(NaN))");
  });

  it("so is a Date past the year 9999, which RFC 3339 cannot write", async () => {
    expect((await app.request("/far")).status).toBe(500);
    expect(String(logged.mock.calls[0]![1])).toContain("outside the years 0000 to 9999");
  });

  it("in a stream, ends it with a fault, logged", async () => {
    const response = await app.request("/lines");
    expect(response.status).toBe(200);
    const [first, last] = (await response.text()).trim().split("\n");
    expect(first).toBe('{"n":1,"at":"2026-11-27T16:20:00.000Z"}');
    expect(JSON.parse(last!)).toMatchObject({ error: { status: 500 } });
    expect(String(logged.mock.calls[0]![0])).toMatch(/^honest: GET \/lines failed mid-stream/);
  });
});

describe("a Date in a stream's items", () => {
  it("is written as RFC 3339 text", async () => {
    const response = await app.request("/events");
    expect(await response.text()).toContain('data: {"from":"2026-01-01T00:00:00.000Z","to":"2026-01-02T00:00:00.000Z"}\n\n');
  });
});

describe("the OpenAPI document", () => {
  it("describes a Date as a string of format date-time, in bodies and in the path, query, headers and cookies", () => {
    const dateTime = { type: "string", format: "date-time" };
    const { Meeting } = document.components.schemas;
    expect(Meeting.properties.at).toEqual(dateTime);
    expect(Meeting.properties.cancelled).toEqual({ anyOf: [dateTime, { type: "null" }] });
    expect(Meeting.properties.reminders).toEqual({ type: "array", items: dateTime });
    expect(Meeting.properties.moved).toEqual({ type: "object", additionalProperties: dateTime });
    const parameters = document.paths["/search"].get.parameters.map((parameter: any) => [parameter.in, parameter.name, parameter.schema]);
    expect(parameters).toEqual([
      ["query", "since", dateTime],
      ["query", "until", dateTime],
      ["query", "on", { type: "array", items: dateTime }],
      ["header", "x-as-of", dateTime],
      ["cookie", "seen", dateTime],
    ]);
    expect(document.paths["/days/{day}"].get.parameters[0].schema).toEqual(dateTime);
    const form = document.paths["/due"].post.requestBody.content["application/x-www-form-urlencoded"].schema;
    expect(form.properties.due).toEqual(dateTime);
  });
});
