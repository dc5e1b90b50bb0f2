import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Hono } from "hono";
import type { RunningServer } from "honest/node";
import { exampleApp, json, problemOf } from "../support/example.js";
import { serveForTest } from "../support/http.js";

// The example's typed inputs (docs/guide/query-headers-cookies.md, "Query strings, headers and cookies";
// docs/guide/constraints.md, "Constraints"): a filtered, paged GET /items, a `theme` cookie on GET /,
// POST /items/bulk with a constrained body, a 201 with a body and an echoed
// x-request-id.

let app: Hono;
beforeEach(async () => {
  app = await exampleApp();
});

const names = async (path: string): Promise<string[]> => {
  const response = await app.request(path);
  expect(response.status).toBe(200);
  return ((await response.json()) as { name: string }[]).map((item) => item.name);
};

const fault = (path: string, expected: string, got: string) => ({ path, expected, got });

describe("GET /items with Query<ItemFilter & OffsetPaging>", () => {
  it("lists every item without a query, and filters and pages with one", async () => {
    expect(await names("/items")).toEqual(["keyboard", "mouse", "monitor"]);
    expect(await names("/items?tag=input")).toEqual(["keyboard", "mouse"]);
    expect(await names("/items?limit=1")).toEqual(["keyboard"]);
    expect(await names("/items?offset=1")).toEqual(["mouse", "monitor"]);
    expect(await names("/items?tag=input&limit=1&offset=1")).toEqual(["mouse"]);
    expect(await names("/items?limit=100&offset=3")).toEqual([]);
    expect(await names("/items?tag=nothing")).toEqual([]);
  });

  it('answers a plain array with Link headers to the other pages and the count (docs/guide/pages.md, "Pages")', async () => {
    const response = await app.request("/items?tag=input&limit=1&offset=1");
    expect(response.headers.get("link")).toBe(
      '</items?tag=input&limit=1&offset=0>; rel="first", </items?tag=input&limit=1&offset=0>; rel="prev"',
    );
    expect(response.headers.get("x-total-count")).toBe("2");
    const first = await app.request("/items?limit=2");
    expect(first.headers.get("link")).toBe('</items?limit=2&offset=2>; rel="next", </items?limit=2&offset=2>; rel="last"');
    expect(first.headers.get("x-total-count")).toBe("3");
    // 100 a page unless asked: one page holds every item of the example.
    expect((await app.request("/items")).headers.get("link")).toBeNull();
  });

  it("refuses a limit or offset out of its bounds, every fault listed", async () => {
    const response = await app.request("/items?limit=0&offset=-1");
    expect(response.status).toBe(400);
    expect((await problemOf(response)).errors).toEqual([
      fault("query.limit", "number at least 1", "0"),
      fault("query.offset", "number at least 0", "-1"),
    ]);
    const more = await app.request("/items?limit=101&offset=1.5&limit=2");
    expect((await problemOf(more)).errors).toEqual([fault("query.limit", "number", "2 values"), fault("query.offset", "integer", "1.5")]);
  });
});

describe("GET / with Cookie<{ theme?: Theme }>", () => {
  it("answers the theme the cookie names, and nothing more without one", async () => {
    const dark = await app.request("/", { headers: { cookie: "session=x; theme=dark" } });
    expect(await dark.json()).toMatchObject({ name: "honest example", theme: "dark" });
    expect(await (await app.request("/")).json()).not.toHaveProperty("theme");
  });

  it("refuses a theme it does not know", async () => {
    const response = await app.request("/", { headers: { cookie: "theme=sepia" } });
    expect(response.status).toBe(400);
    expect((await problemOf(response)).errors).toEqual([fault("cookie.theme", '"dark" | "light"', '"sepia"')]);
  });
});

describe("POST /items/bulk", () => {
  it("creates every item, answering 201 with them, and echoes x-request-id", async () => {
    const response = await app.request(
      "/items/bulk",
      json(
        [
          { name: "pen", price: 2 },
          { name: "ink", price: 0, tags: ["office"], inStock: false },
        ],
        { "x-request-id": "req-42" },
      ),
    );
    expect(response.status).toBe(201);
    expect(response.headers.get("x-request-id")).toBe("req-42");
    expect(await response.json()).toEqual([
      { id: 4, name: "pen", price: 2, tags: [], inStock: true },
      { id: 5, name: "ink", price: 0, tags: ["office"], inStock: false },
    ]);
    expect(await names("/items?offset=3")).toEqual(["pen", "ink"]);
  });

  it('sends honest\'s own x-request-id when the client sent none (docs/guide/logs-and-traces.md, "Request ids")', async () => {
    const response = await app.request("/items/bulk", json([{ name: "pen", price: 2 }]));
    expect(response.status).toBe(201);
    expect(response.headers.get("x-request-id")).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it("refuses items that break their constraints, creating none", async () => {
    const response = await app.request("/items/bulk", json([{ name: "", price: -1, tags: [""] }]));
    expect(response.status).toBe(400);
    expect((await problemOf(response)).errors).toEqual([
      fault("$[0].name", "string of at least 1 character", '""'),
      fault("$[0].price", "number at least 0", "-1"),
      fault("$[0].tags[0]", "string of at least 1 character", '""'),
    ]);
    expect((await app.request("/items/bulk", json([]))).status).toBe(400);
    expect(await names("/items")).toHaveLength(3);
  });

  it("refuses an x-request-id that is not a plain token", async () => {
    const response = await app.request("/items/bulk", json([{ name: "pen", price: 2 }], { "x-request-id": "a b" }));
    expect(response.status).toBe(400);
    expect((await problemOf(response)).errors).toEqual([fault("header.x-request-id", "string matching /^[A-Za-z0-9._-]{1,64}$/", '"a b"')]);
    expect(await names("/items")).toHaveLength(3);
  });
});

describe("over a socket", () => {
  let running: RunningServer | undefined;
  afterEach(async () => {
    await running?.close();
    running = undefined;
  });

  it("pages, reads the cookie, and creates in bulk", async () => {
    running = serveForTest(await exampleApp());
    const base = `http://127.0.0.1:${(await running.listening).port}`;
    const page = await fetch(`${base}/items?tag=input&limit=1&offset=1`);
    expect(((await page.json()) as { name: string }[]).map((item) => item.name)).toEqual(["mouse"]);
    expect(page.headers.get("link")).toBe(
      '</items?tag=input&limit=1&offset=0>; rel="first", </items?tag=input&limit=1&offset=0>; rel="prev"',
    );
    expect(await (await fetch(`${base}/`, { headers: { cookie: "theme=light" } })).json()).toMatchObject({ theme: "light" });
    const twice = await fetch(`${base}/items?limit=1&limit=2`);
    expect(twice.status).toBe(400);
    const created = await fetch(`${base}/items/bulk`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-request-id": "abc" },
      body: '[{"name":"pen","price":2}]',
    });
    expect(created.status).toBe(201);
    expect(created.headers.get("x-request-id")).toBe("abc");
    expect(await created.json()).toEqual([{ id: 4, name: "pen", price: 2, tags: [], inStock: true }]);
  });
});
