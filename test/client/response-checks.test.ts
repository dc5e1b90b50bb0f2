import { readFileSync } from "node:fs";
import path from "node:path";
import { AnswerMismatch } from "honest/client";
import { beforeAll, describe, expect, it } from "vitest";
import { compileFixture } from "../support/compile.js";

// docs/guide/openapi-and-clients.md, "Checking what the app answers": a client
// created with `checks: responseChecks` checks each successful answer against
// the type its route declares, and rejects one that does not match with an
// AnswerMismatch listing every fault by path, as the server's 400s list a
// body's; without it (the default) answers are believed.

const BIG = 9007199254740993n; // 2^53 + 1

const CHECKED_APP: Readonly<Record<string, string>> = {
  "src/shapes.ts": `
import type { Format, i64, Integer, MaxItems, Maximum, MinLength, MinProperties, MultipleOf, Pattern } from "honest";
export interface Account {
  id: i64;
  handle: string & MinLength<3> & Pattern<"^[a-z]+$">;
  email: string & Format<"email">;
  score: number & Integer & Maximum<100>;
  step: number & MultipleOf<0.5>;
  tags: string[] & MaxItems<2>;
  role: "admin" | "member";
  point: [number, number];
  labels: Record<string, number>;
  note: string | null;
  manager?: Account;
}
export type Settings = Partial<{ theme: string; size: number }> & MinProperties<1>;
/** Two members holding an i64, told apart by their properties only. */
export type Holder = { person: i64; name: string } | { company: i64; seats: number };
`,
  "src/account.controller.ts": `
import { Controller, Get } from "honest";
import type { Json } from "honest";
import type { Account, Holder, Settings } from "./shapes.js";

@Controller({ prefix: "/accounts" })
export class AccountController {
  @Get("/one")
  async one(): Promise<Json<Account>> {
    const manager: Account = { id: 1n, handle: "boss", email: "boss@example.com", score: 100, step: 1, tags: [], role: "admin", point: [0, 0], labels: {}, note: null };
    return { id: ${BIG}n, handle: "ann", email: "ann@example.com", score: 7, step: 2.5, tags: ["a"], role: "member", point: [1, 2], labels: { x: 1 }, note: "hi", manager };
  }

  @Get("/settings")
  async settings(): Promise<Json<Settings>> {
    return { theme: "dark" };
  }

  @Get("/holders")
  async holders(): Promise<Json<Holder[]>> {
    return [{ person: ${BIG}n, name: "ann" }, { company: ${BIG + 1n}n, seats: 3 }];
  }
}
`,
  "src/app.ts": `
import { createApp } from "honest";
export const app = createApp({ log: false });
`,
};

type App = { request(request: Request): Response | Promise<Response> };

let text: string;
let client: any;
let app: App;

beforeAll(async () => {
  const file = path.resolve("test/.out/response-checks/client/api.ts");
  const compiled = compileFixture("response-checks", CHECKED_APP, {}, { plugin: { client: file } });
  expect(compiled.diagnostics).toEqual([]);
  text = readFileSync(file, "utf8");
  client = await import(file);
  ({ app } = await compiled.load<{ app: App }>("src/app.ts"));
});

/** A fetch answering every call with `body` as JSON, as an older deployment of the app might. */
function answering(body: string): (request: Request) => Response {
  return () => new Response(body, { headers: { "content-type": "application/json" } });
}

/** The AnswerMismatch a call rejects with. */
async function mismatch(call: Promise<unknown>): Promise<AnswerMismatch> {
  const error = await call.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(AnswerMismatch);
  return error as AnswerMismatch;
}

describe("a client created with checks: responseChecks", () => {
  it("passes every answer the app gives, i64s exact, constraints and all", async () => {
    const api = client.createClient({ fetch: app.request, checks: client.responseChecks });
    const one = await api.account.one();
    expect([one.ok, one.data.id, one.data.manager.id, one.data.point]).toEqual([true, BIG, 1n, [1, 2]]);
    expect((await api.account.settings()).data).toEqual({ theme: "dark" });
    expect((await api.account.holders()).data).toEqual([
      { person: BIG, name: "ann" },
      { company: BIG + 1n, seats: 3 },
    ]);
  });

  it("rejects an answer of the wrong type with every fault by path, the message naming the route", async () => {
    const wrong = {
      id: "12",
      handle: "Al",
      email: "not an address",
      score: 7.5,
      step: 0.3,
      tags: ["a", "b", "c"],
      role: "owner",
      point: [1],
      labels: { x: "one" },
      note: 3,
      manager: { id: 1 },
    };
    const api = client.createClient({ fetch: answering(JSON.stringify(wrong)), checks: client.responseChecks });
    const error = await mismatch(api.account.one());
    expect(error.faults).toEqual([
      { path: "$.id", expected: "64-bit integer", got: '"12"' },
      { path: "$.handle", expected: "string of at least 3 characters", got: '"Al"' },
      { path: "$.email", expected: "email address", got: '"not an address"' },
      { path: "$.score", expected: "integer", got: "7.5" },
      { path: "$.step", expected: "multiple of 0.5", got: "0.3" },
      { path: "$.tags", expected: "array of at most 2 items", got: "array of 3 items" },
      { path: "$.role", expected: '"admin" | "member"', got: '"owner"' },
      { path: "$.point", expected: "array of 2 items", got: "array of 1 item" },
      { path: "$.labels.x", expected: "number", got: '"one"' },
      { path: "$.note", expected: "string | null", got: "3" },
      { path: "$.manager.handle", expected: "string", got: "missing" },
      { path: "$.manager.email", expected: "string", got: "missing" },
      { path: "$.manager.score", expected: "number", got: "missing" },
      { path: "$.manager.step", expected: "number", got: "missing" },
      { path: "$.manager.tags", expected: "array", got: "missing" },
      { path: "$.manager.role", expected: '"admin" | "member"', got: "missing" },
      { path: "$.manager.point", expected: "array of 2 items", got: "missing" },
      { path: "$.manager.labels", expected: "object", got: "missing" },
      { path: "$.manager.note", expected: "string | null", got: "missing" },
    ]);
    expect(error.message).toBe(
      'GET /accounts/one answered 200 with a body that does not match its declared type: $.id: expected 64-bit integer, got "12"; ' +
        '$.handle: expected string of at least 3 characters, got "Al"; $.email: expected email address, got "not an address"; and 16 more',
    );
    expect([error.status, error.request.method, error.response.status]).toEqual([200, "GET", 200]);
    // The body as read is kept for a look: the manager's id was made a bigint by its reader.
    expect(error.data).toMatchObject({ manager: { id: 1n } });
  });

  it("runs a pattern only on a value within its bounds, as the server does; counts an object's properties", async () => {
    const api = client.createClient({
      fetch: (request: Request) =>
        answering(new URL(request.url).pathname === "/accounts/settings" ? "{}" : JSON.stringify({ handle: "ABCD" }))(request),
      checks: client.responseChecks,
    });
    expect((await mismatch(api.account.settings())).faults).toEqual([
      { path: "$", expected: "object with at least 1 property", got: "object" },
    ]);
    const faults = (await mismatch(api.account.one())).faults;
    expect(faults.filter((fault) => fault.path === "$.handle")).toEqual([
      { path: "$.handle", expected: "string matching /^[a-z]+$/", got: '"ABCD"' },
    ]);
  });

  it("reports a union of objects by the member the value is closest to", async () => {
    const api = client.createClient({ fetch: answering('[{ "person": 1, "name": 2 }, "x"]'), checks: client.responseChecks });
    expect((await mismatch(api.account.holders())).faults).toEqual([
      { path: "$[0].name", expected: "string", got: "2" },
      { path: "$[1]", expected: "object", got: '"x"' },
    ]);
  });
});

describe("a client without checks", () => {
  it("believes the answer, as by default", async () => {
    const api = client.createClient({ fetch: answering('{ "id": "12" }') });
    const answer = await api.account.one();
    expect([answer.ok, answer.data]).toEqual([true, { id: "12" }]);
  });

  it("reads each member of a union of objects holding i64s by the properties it has", async () => {
    const api = client.createClient({ fetch: app.request });
    expect((await api.account.holders()).data).toEqual([
      { person: BIG, name: "ann" },
      { company: BIG + 1n, seats: 3 },
    ]);
  });
});

describe("the generated module", () => {
  it("describes each answer as data, a named type once, referred to by a function", () => {
    expect(text).toContain(
      "export const responseChecks: ResponseChecks = {\n  account: {\n" +
        "    one: (answer) => checkAnswer(answer, AccountShape),\n    settings: (answer) => checkAnswer(answer, SettingsShape),\n" +
        '    holders: (answer) => checkAnswer(answer, { items: { anyOf: [{ properties: [["company", "bigint"], ["seats", "number"]] }, ' +
        '{ properties: [["person", "bigint"], ["name", "string"]] }], expected: "object" } }),\n  },\n};',
    );
    // An array of a union of objects is written in parentheses.
    expect(text).toContain("data: ({ company: bigint; seats: number } | { person: bigint; name: string })[]");
    expect(text).toContain(
      'const AccountShape: AnswerShape = {\n  properties: [\n    ["id", "bigint"],\n' +
        '    ["handle", { string: [[(value: string) => codePointLength(value) >= 3, "string of at least 3 characters"], ' +
        '[(value: string) => /^[a-z]+$/u.test(value), "string matching /^[a-z]+$/", true]] }],\n',
    );
    expect(text).toContain('    ["labels", { properties: [], additional: "number" }],\n');
    expect(text).toContain('    ["manager", () => AccountShape, true],\n  ],\n};');
  });

  it("ships no checks in a bundle that does not import responseChecks", async () => {
    const { build } = await import("esbuild");
    const entry = path.resolve("test/.out/response-checks/entry.ts");
    const { writeFileSync } = await import("node:fs");
    writeFileSync(
      entry,
      'import { createClient } from "./client/api.js";\nexport const api = createClient({ baseUrl: "https://api.example.com" });\n',
    );
    const result = await build({ entryPoints: [entry], bundle: true, write: false, format: "esm", minify: true, platform: "browser" });
    const code = result.outputFiles[0]!.text;
    // The module's shapes and checkAnswer's descriptions of values (the readers name a refused i64 too, so not "64-bit integer").
    expect(code).not.toContain("string of at least 3 characters");
    expect(code).not.toContain("array of");
    expect(code).not.toContain("codePointLength");
    expect(code).not.toMatch(/email address/);
  });
});
