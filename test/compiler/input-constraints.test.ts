import { beforeAll, describe, expect, it } from "vitest";
import type { Hono } from "hono";
import { compileFixture } from "../support/compile.js";
import { honestDiagnostics, honestError } from "../support/controller-diagnostics.js";
import { HonestCode } from "../support/honest-codes.js";
import { compiledApp } from "../support/compiled-app.js";

// docs/guide/constraints.md, "Constraints": constraint types inside Query<T>, Header<T> and
// Cookie<T>, checked once a value parses, each failed constraint one fault at
// `query.limit` whose `expected` is the same text as in Json<T> bodies; and
// the same diagnostics (TS991023) for a constraint that cannot apply.

const controller = `
import { Controller, Get } from "honest";
import type { Cookie, Format, Header, i64, Integer, Json, Maximum, MaxItems, MaxLength, Minimum, MinItems, MinLength, MultipleOf, Pattern, Query } from "honest";

export interface Page {
  limit?: number & Integer & Minimum<1> & Maximum<100>;
  q?: string & MinLength<1>;
  email?: string & Format<"email">;
  step?: number & MultipleOf<0.5>;
  ids?: (number & Integer & Minimum<1>)[] & MaxItems<3>;
  tags?: (string & MaxLength<3>)[];
  need: string[] & MinItems<1>;
}

@Controller()
export class SearchController {
  @Get("/search")
  async search(query: Query<Page>): Promise<Json<unknown>> {
    return query;
  }

  @Get("/traced")
  async traced(h: Header<{ "x-request-id"?: string & Pattern<"^[A-Za-z0-9-]{1,64}$"> }>, k: Cookie<{ theme?: string & MaxLength<5> }>): Promise<Json<unknown>> {
    return { ...h, ...k };
  }
}
`;

let app: Hono;

beforeAll(async () => {
  app = await compiledApp("input-constraints", {
    "src/search.ts": controller,
  });
});

async function get(path: string, init?: RequestInit): Promise<{ status: number; body: any }> {
  const response = await app.request(path, init);
  return { status: response.status, body: await response.json() };
}

const fault = (path: string, expected: string, got: string) => ({ path, expected, got });

async function faults(path: string, init?: RequestInit): Promise<unknown[]> {
  const { status, body } = await get(path, init);
  expect(status).toBe(400);
  return body.errors;
}

describe("constraints in Query<T>", () => {
  it("accepts values on the edges", async () => {
    expect(await get("/search?need=a&limit=1&q=x&email=ada@example.com&step=1.5&ids=1&ids=2&ids=3&tags=abc")).toEqual({
      status: 200,
      body: { limit: 1, q: "x", email: "ada@example.com", step: 1.5, ids: [1, 2, 3], tags: ["abc"], need: ["a"] },
    });
    expect((await get("/search?need=a&limit=100")).body).toEqual({ limit: 100, need: ["a"] });
  });

  it("refuses each failed constraint with the expected text of bodies", async () => {
    expect(await faults("/search?need=a&limit=0")).toEqual([fault("query.limit", "number at least 1", "0")]);
    expect(await faults("/search?need=a&limit=101")).toEqual([fault("query.limit", "number at most 100", "101")]);
    expect(await faults("/search?need=a&q=")).toEqual([fault("query.q", "string of at least 1 character", '""')]);
    expect(await faults("/search?need=a&email=ada@")).toEqual([fault("query.email", "email address", '"ada@"')]);
    expect(await faults("/search?need=a&step=0.3")).toEqual([fault("query.step", "multiple of 0.5", "0.3")]);
  });

  it("lists every fault of a value and of the query together", async () => {
    expect(await faults("/search?limit=0.5&q=&ids=0&ids=2&ids=3&ids=4&tags=abcd")).toEqual([
      fault("query.limit", "integer", "0.5"),
      fault("query.limit", "number at least 1", "0.5"),
      fault("query.q", "string of at least 1 character", '""'),
      fault("query.ids[0]", "number at least 1", "0"),
      fault("query.ids", "array of at most 3 items", "array of 4 items"),
      fault("query.tags[0]", "string of at most 3 characters", '"abcd"'),
      fault("query.need", "array of at least 1 item", "array of 0 items"),
    ]);
  });

  it("checks a value only once it parses: a value that is not a number is one fault", async () => {
    expect(await faults("/search?need=a&limit=ten")).toEqual([fault("query.limit", "number", '"ten"')]);
  });
});

describe("constraints in Header<T> and Cookie<T>", () => {
  it("accepts a value that meets them", async () => {
    const headers = { "x-request-id": "req-1", cookie: "theme=dark" };
    expect(await get("/traced", { headers })).toEqual({ status: 200, body: { "x-request-id": "req-1", theme: "dark" } });
  });

  it("refuses one that does not, at header. and cookie. paths", async () => {
    expect(await faults("/traced", { headers: { "x-request-id": "a b" } })).toEqual([
      fault("header.x-request-id", "string matching /^[A-Za-z0-9-]{1,64}$/", '"a b"'),
    ]);
    expect(await faults("/traced", { headers: { cookie: "theme=sepia-ish" } })).toEqual([
      fault("cookie.theme", "string of at most 5 characters", '"sepia-ish"'),
    ]);
  });
});

describe("diagnostics", () => {
  const error = (line: number, message: string) => honestError(line, HonestCode.MisusedConstraint, message);

  it("reports a constraint that cannot apply, at the property, as for bodies", () => {
    const compiled = compileFixture("input-constraint-diagnostics", {
      "src/controller.ts": `import { Controller, Get } from "honest";
import type { Header, Integer, Json, Maximum, MinItems, MinLength, Minimum, Pattern, Query } from "honest";
interface Wrong {
  age?: number & MinLength<1>;
  range?: number & Minimum<10> & Maximum<5>;
  slug?: string & Pattern<"[a-">;
  one?: string & MinItems<1>;
  list?: (string & Integer)[];
}
@Controller()
export class C {
  @Get("/wrong") async wrong(q: Query<Wrong>): Promise<Json<string>> { return ""; }
  @Get("/again") async again(q: Query<Wrong>, h: Header<{ "x-n"?: number & MinLength<2> }>): Promise<Json<string>> { return ""; }
}
`,
    });
    const numberOnes = "Minimum, Maximum, ExclusiveMinimum, ExclusiveMaximum, MultipleOf, Integer";
    const stringOnes = "MinLength, MaxLength, Pattern, Format";
    const route = "GET /wrong (C.wrong): Query<Wrong>: property";
    expect(honestDiagnostics(compiled.diagnostics)).toEqual([
      error(
        4,
        `${route} 'age' has MinLength<1>, a constraint for strings, on a number; remove it, or use one for numbers (${numberOnes}).`,
      ),
      error(5, `${route} 'range' has Minimum<10> and Maximum<5>, which no number satisfies; lower the first or raise the second.`),
      error(
        6,
        `${route} 'slug' has Pattern<"[a-">; it is not a valid regular expression (Invalid regular expression: /[a-/u: Unterminated character class); fix the expression.`,
      ),
      error(7, `${route} 'one' has MinItems<1>, a constraint for arrays, on a string; remove it, or use one for strings (${stringOnes}).`),
      error(8, `${route} 'list' has Integer, a constraint for numbers, on a string; remove it, or use one for strings (${stringOnes}).`),
      error(
        13,
        `GET /again (C.again): Header<{ "x-n"?: number & MinLength<2> }>: property 'x-n' has MinLength<2>, a constraint for strings, on a number; remove it, or use one for numbers (${numberOnes}).`,
      ),
    ]);
  });
});
