import { beforeAll, describe, expect, it } from "vitest";
import type { Hono } from "hono";
import { compileFixture } from "../support/compile.js";
import { serveDuringBlock } from "../support/http.js";
import type { Problem } from "honest";
import { badRequestListing } from "../support/problem.js";

// docs/guide/query-headers-cookies.md, "Query strings, headers and cookies": Query<T>, Header<T> and
// Cookie<T> compiled by the transformer and exercised through app.request
// and over a real socket: every scalar kind, arrays from repeated keys,
// optional properties and defaults, every fault listed at once, undeclared
// and `__proto__` keys dropped, and hostile query strings answered quickly.

const controller = `
import { Controller, Get, Post } from "honest";
import type { Cookie, Header, i64, Json, Path, Query, Secret } from "honest";

enum Color { Red = "red", Green = "green" }
enum Level { Low = 1, High = 2 }

export interface ArticleFilter {
  tag?: string;
  author?: string;
  limit?: number;
  offset?: number;
  ids?: i64[];
}

interface Kinds {
  id: i64;
  big?: bigint;
  ratio?: number;
  on?: boolean;
  order?: "asc" | "desc";
  rank?: 1 | 2;
  color?: Color;
  level?: Level;
  names: string[];
  flags?: boolean[];
}

@Controller()
export class ArticleController {
  @Get("/articles")
  async list({ tag, limit = 20, offset = 0 }: Query<ArticleFilter>): Promise<Json<{ tag: string | null; limit: number; offset: number }>> {
    return { tag: tag ?? null, limit, offset };
  }

  @Get("/raw")
  async raw(query: Query<ArticleFilter>): Promise<Json<unknown>> {
    return { keys: Object.keys(query), proto: Object.getPrototypeOf(query) === Object.prototype, query: { ...query, ids: query.ids?.map(String) } };
  }

  @Get("/kinds")
  async kinds(q: Query<Kinds>): Promise<Json<unknown>> {
    return { ...q, id: String(q.id), idType: typeof q.id, big: q.big === undefined ? null : String(q.big) };
  }

  @Get("/items/{id}")
  async item(id: Path<i64>, q: Query<{ verbose?: boolean }>): Promise<Json<{ id: string; verbose: boolean }>> {
    return { id: String(id), verbose: q.verbose ?? false };
  }

  @Post("/articles")
  async create(q: Query<{ draft: boolean }>): Promise<Json<{ draft: boolean }>> {
    return { draft: q.draft };
  }

  @Get("/whoami")
  async who(h: Header<{ authorization: Secret<string>; "x-request-id"?: string; "x-ids"?: i64[]; "x-count"?: number }>): Promise<Json<unknown>> {
    return { ...h, "x-ids": h["x-ids"]?.map(String) };
  }

  @Get("/session")
  async session(k: Cookie<{ session: string; theme?: "dark" | "light"; visits?: number }>, h: Header<{ "x-b"?: string }>): Promise<Json<unknown>> {
    return { ...k, header: h };
  }
}
`;

let app: Hono;
let withRenderer: (renderError: (problem: Problem) => Response | undefined) => Hono;

beforeAll(async () => {
  const compiled = compileFixture("query-inputs", {
    "src/articles.ts": controller,
    "src/app.ts": `import { createApp, type ErrorRenderer } from "honest";
export const app = createApp({ log: false });
export const withRenderer = (renderError: ErrorRenderer) => createApp({ log: false, renderError });
`,
  });
  expect(compiled.diagnostics).toEqual([]);
  ({ app, withRenderer } = await compiled.load<{ app: Hono; withRenderer: typeof withRenderer }>("src/app.ts"));
});

async function get(path: string, init?: RequestInit): Promise<{ status: number; body: any }> {
  const response = await app.request(path, init);
  return { status: response.status, body: await response.json() };
}

describe("Query<T>", () => {
  it("gives declared keys, with destructuring defaults for absent ones", async () => {
    expect(await get("/articles")).toEqual({ status: 200, body: { tag: null, limit: 20, offset: 0 } });
    expect(await get("/articles?tag=ts&limit=5")).toEqual({ status: 200, body: { tag: "ts", limit: 5, offset: 0 } });
  });

  it("parses every scalar kind as path parameters do", async () => {
    const { status, body } = await get(
      "/kinds?id=-9223372036854775808&big=9223372036854775807&ratio=-2.5e3&on=false&order=desc&rank=2&color=green&level=1&names=a",
    );
    expect(status).toBe(200);
    expect(body).toEqual({
      id: "-9223372036854775808",
      idType: "bigint",
      big: "9223372036854775807",
      ratio: -2500,
      on: false,
      order: "desc",
      rank: 2,
      color: "green",
      level: 1,
      names: ["a"],
    });
  });

  it("reads a repeated key as an array, in order, and a required array absent as []", async () => {
    expect((await get("/kinds?id=1&names=b&names=a&names=&flags=true&flags=false")).body).toMatchObject({
      names: ["b", "a", ""],
      flags: [true, false],
    });
    expect((await get("/kinds?id=1")).body.names).toEqual([]);
    expect((await get("/raw?ids=1&ids=2")).body.query.ids).toEqual(["1", "2"]);
  });

  it("percent-decodes keys and values, with + as a space", async () => {
    expect((await get("/articles?t%61g=a+b%20c%2Bd%26e")).body.tag).toBe("a b c+d&e");
    expect((await get("/articles?tag=%E2%9C%93")).body.tag).toBe("✓");
    expect((await get("/articles?tag")).body.tag).toBe("");
  });

  it("lists every fault at once, in declaration order, with its path", async () => {
    const answer = await get(
      "/kinds?big=9223372036854775808&ratio=1e400&on=yes&order=up&rank=2.0&color=Red&level=3&flags=true&flags=maybe&ratio=1",
    );
    expect(answer).toEqual(
      badRequestListing("the query string does not match its declared type (9 errors)", [
        { path: "query.id", expected: "64-bit integer", got: "missing" },
        { path: "query.big", expected: "64-bit integer", got: '"9223372036854775808"' },
        { path: "query.ratio", expected: "number", got: "2 values" },
        { path: "query.on", expected: "true or false", got: '"yes"' },
        { path: "query.order", expected: '"asc" | "desc"', got: '"up"' },
        { path: "query.rank", expected: "1 | 2", got: '"2.0"' },
        { path: "query.color", expected: '"green" | "red"', got: '"Red"' },
        { path: "query.level", expected: "1 | 2", got: '"3"' },
        { path: "query.flags[1]", expected: "true or false", got: '"maybe"' },
      ]),
    );
  });

  it("refuses a broken escape in a value as a fault of its key, and drops a key whose own escape is broken", async () => {
    const { status, body } = await get("/articles?tag=%zz&limit=%FF");
    expect(status).toBe(400);
    expect(body.errors).toEqual([
      { path: "query.tag", expected: "string", got: 'broken percent-encoding "%zz"' },
      { path: "query.limit", expected: "number", got: 'broken percent-encoding "%FF"' },
    ]);
    expect(await get("/articles?%zz=1&limit=3")).toEqual({ status: 200, body: { tag: null, limit: 3, offset: 0 } });
  });

  it("gives the handler a fresh plain object of declared keys only: undeclared and __proto__ keys dropped", async () => {
    const { status, body } = await get("/raw?__proto__=x&__proto__[polluted]=1&constructor=y&extra=1&tag=t&toString=1");
    expect(status).toBe(200);
    expect(body).toEqual({ keys: ["tag"], proto: true, query: { tag: "t" } });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("runs after the path, and before the body", async () => {
    expect((await get("/items/x?verbose=maybe")).body.detail).toContain('path parameter "id"');
    expect(await get("/items/7?verbose=true")).toEqual({ status: 200, body: { id: "7", verbose: true } });
    const refused = await app.request("/articles", { method: "POST", body: "not json", headers: { "content-type": "text/plain" } });
    expect(refused.status).toBe(400);
    expect((await refused.json()).errors).toEqual([{ path: "query.draft", expected: "true or false", got: "missing" }]);
  });

  it("answers a huge query string and thousands of repeated keys quickly", async () => {
    const started = performance.now();
    const ids = Array.from({ length: 20_000 }, (_, index) => `ids=${index}`).join("&");
    const many = await get(`/raw?${ids}`);
    expect(many.status).toBe(200);
    expect(many.body.query.ids).toHaveLength(20_000);
    const repeated = await get(`/articles?${"limit=1&".repeat(20_000)}`);
    expect(repeated.status).toBe(400);
    expect(repeated.body.errors).toEqual([{ path: "query.limit", expected: "number", got: "20000 values" }]);
    const wrong = await get(`/raw?${"ids=x&".repeat(20_000)}`);
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toHaveLength(100);
    expect(wrong.body.detail).toBe("the query string does not match its declared type; the first 100 errors are listed");
    const huge = await get(`/articles?tag=${"a".repeat(1_000_000)}&${"x=%zz&".repeat(50_000)}`);
    expect(huge.status).toBe(200);
    expect(huge.body.tag).toHaveLength(1_000_000);
    // Generous for a busy runner: reading these quadratically takes minutes, not seconds.
    expect(performance.now() - started).toBeLessThan(5_000);
  });
});

describe("Header<T>", () => {
  it("reads lower-case names whatever case the client sent", async () => {
    expect(await get("/whoami", { headers: { Authorization: "Bearer a", "X-Request-ID": "r1", "x-count": "3" } })).toEqual({
      status: 200,
      body: { authorization: "Bearer a", "x-request-id": "r1", "x-count": 3 },
    });
  });

  it("reads an array from a comma-separated list", async () => {
    expect((await get("/whoami", { headers: { authorization: "a", "x-ids": "1, 2,3" } })).body["x-ids"]).toEqual(["1", "2", "3"]);
  });

  it("lists every fault, named header.<name>", async () => {
    expect(await get("/whoami", { headers: { "x-count": "many", "x-ids": "1, x" } })).toEqual(
      badRequestListing("the request headers do not match their declared type (3 errors)", [
        { path: "header.authorization", expected: "string", got: "missing" },
        { path: "header.x-ids[1]", expected: "64-bit integer", got: '"x"' },
        { path: "header.x-count", expected: "number", got: '"many"' },
      ]),
    );
  });
});

describe("Cookie<T>", () => {
  it("reads the cookie header's pairs, unquoted and percent-decoded", async () => {
    expect(await get("/session", { headers: { cookie: 'other=1; session="a%20b"; theme=dark;visits=2; bare', "x-b": "y" } })).toEqual({
      status: 200,
      body: { session: "a b", theme: "dark", visits: 2, header: { "x-b": "y" } },
    });
  });

  it("lists every fault, named cookie.<name>, a repeated cookie included", async () => {
    expect(await get("/session", { headers: { cookie: "theme=blue; theme=dark; visits=%" } })).toEqual(
      badRequestListing("the cookies do not match their declared type (3 errors)", [
        { path: "cookie.session", expected: "string", got: "missing" },
        { path: "cookie.theme", expected: '"dark" | "light"', got: "2 values" },
        { path: "cookie.visits", expected: "number", got: 'broken percent-encoding "%"' },
      ]),
    );
  });
});

describe("renderError", () => {
  it("sees check query, header or cookie, with errors", async () => {
    const seen: Problem[] = [];
    const rendered = withRenderer((problem) => {
      seen.push(problem);
      return problem.check === "query" ? Response.json({ bad: problem.errors?.map((fault) => fault.path) }, { status: 422 }) : undefined;
    });
    const response = await rendered.request("/articles?limit=x&offset=y");
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({ bad: ["query.limit", "query.offset"] });
    expect(seen[0]).toMatchObject({ check: "query", status: 400, detail: "the query string does not match its declared type (2 errors)" });
    expect((await rendered.request("/whoami")).status).toBe(400);
    expect((await rendered.request("/session")).status).toBe(400);
    expect(seen.map((problem) => problem.check)).toEqual(["query", "header", "cookie"]);
    expect(seen[1]!.errors).toEqual([{ path: "header.authorization", expected: "string", got: "missing" }]);
  });
});

describe("over a real socket", () => {
  const server = serveDuringBlock(() => app);

  it("reads the query string, and each line of a repeated header", async () => {
    const ok = await fetch(`${server.base()}/articles?tag=a+b&limit=2`);
    expect(await ok.json()).toEqual({ tag: "a b", limit: 2, offset: 0 });
    const headers = new Headers([
      ["authorization", "a"],
      ["x-ids", "1, 2"],
      ["x-ids", "3"],
    ]);
    expect((await (await fetch(`${server.base()}/whoami`, { headers })).json())["x-ids"]).toEqual(["1", "2", "3"]);
  });

  it("refuses a scalar header sent on two lines", async () => {
    const { request } = await import("node:http");
    const port = server.port();
    const answer = await new Promise<{ status: number; body: any }>((resolve, reject) => {
      const sent = request(
        { port, host: "127.0.0.1", path: "/whoami", headers: ["host", "127.0.0.1", "authorization", "a", "Authorization", "b"] as any },
        (response) => {
          let text = "";
          response.on("data", (piece) => (text += piece));
          response.on("end", () => resolve({ status: response.statusCode!, body: JSON.parse(text) }));
        },
      );
      sent.on("error", reject);
      sent.end();
    });
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual([{ path: "header.authorization", expected: "string", got: "2 values" }]);
  });
});
