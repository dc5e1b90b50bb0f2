import type { Hono } from "hono";
import { etag, lastModified } from "honest";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { compileFixture } from "../support/compile.js";
import { CONDITIONAL_FIXTURE, type Docs } from "../support/conditional-fixture.js";

// docs/guide/conditional-requests.md, "Conditional requests": a route's validators from a resolver, checked in
// RFC 9110 §13.2.2's order before the body is read and the handler runs (304 on GET/HEAD, 412 on a failed
// If-Match / If-Unmodified-Since), sent on the answer; @BodyETag's tag of the JSON written, after the handler;
// @CacheControl on the answers and the 304s.

let app: Hono;
/** What the fixture's handlers and resolvers did, reset before each test. */
let calls: { handler: string[]; resolved: number };

let docs: Docs;

beforeAll(async () => {
  const compiled = compileFixture("conditional-requests", {
    "src/app.ts": `import { createApp } from "honest";\nexport const app = createApp({ log: false });\n`,
    ...CONDITIONAL_FIXTURE,
  });
  expect(compiled.diagnostics).toEqual([]);
  app = (await compiled.load<{ app: Hono }>("src/app.ts")).app;
  ({ calls, docs } = await compiled.load<{ calls: typeof calls; docs: Docs }>("src/docs.ts"));
});

beforeEach(() => {
  calls.handler.length = 0;
  calls.resolved = 0;
  docs.clear();
  docs.set("a", { text: "first", version: 1, changed: new Date("2026-01-02T03:04:05.678Z") });
});

const A_CHANGED = "Fri, 02 Jan 2026 03:04:05 GMT";

function get(path: string, headers: Record<string, string> = {}, method = "GET"): Promise<Response> {
  return Promise.resolve(app.request(path, { method, headers }));
}

function put(path: string, text: string, headers: Record<string, string> = {}): Promise<Response> {
  return Promise.resolve(
    app.request(path, { method: "PUT", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify({ text }) }),
  );
}

describe("validators from a resolver, on a GET", () => {
  it("sends the ETag, Last-Modified (whole seconds) and Cache-Control on the answer", async () => {
    const response = await get("/docs/a");
    expect(response.status).toBe(200);
    expect(response.headers.get("etag")).toBe('"1"');
    expect(response.headers.get("last-modified")).toBe(A_CHANGED);
    expect(response.headers.get("cache-control")).toBe("private, max-age=60");
    expect(await response.json()).toEqual({ text: "first" });
  });

  it("answers 304 to an If-None-Match that lists the tag, weakly compared, without running the handler", async () => {
    for (const listed of ['"1"', 'W/"1"', '"9", "1"', "*"]) {
      const response = await get("/docs/a", { "if-none-match": listed });
      expect(response.status, listed).toBe(304);
      expect(await response.text()).toBe("");
      expect(response.headers.get("etag")).toBe('"1"');
      expect(response.headers.get("last-modified")).toBe(A_CHANGED);
      expect(response.headers.get("cache-control")).toBe("private, max-age=60");
      expect(response.headers.get("content-type")).toBeNull();
    }
    expect(calls.handler).toEqual([]);
    expect(calls.resolved).toBe(4);
  });

  it("answers 304 to a HEAD as to a GET", async () => {
    const response = await get("/docs/a", { "if-none-match": '"1"' }, "HEAD");
    expect(response.status).toBe(304);
    expect(calls.handler).toEqual([]);
  });

  it("runs the handler for a stale tag, and ignores If-Modified-Since when If-None-Match is given", async () => {
    const response = await get("/docs/a", { "if-none-match": '"0"', "if-modified-since": A_CHANGED });
    expect(response.status).toBe(200);
    expect(calls.handler).toEqual(["get"]);
  });

  it("answers 304 to an If-Modified-Since at or after the last change, 200 before it or unreadable", async () => {
    expect((await get("/docs/a", { "if-modified-since": A_CHANGED })).status).toBe(304);
    expect((await get("/docs/a", { "if-modified-since": "Sat, 03 Jan 2026 00:00:00 GMT" })).status).toBe(304);
    expect(calls.handler).toEqual([]);
    expect((await get("/docs/a", { "if-modified-since": "Fri, 02 Jan 2026 03:04:04 GMT" })).status).toBe(200);
    expect((await get("/docs/a", { "if-modified-since": "yesterday" })).status).toBe(200);
    expect(calls.handler).toEqual(["get", "get"]);
  });

  it("lets the handler answer for a resource the resolver does not find (If-None-Match: * included), with no validator", async () => {
    const response = await get("/docs/missing", { "if-none-match": "*" });
    expect(response.status).toBe(404);
    expect(response.headers.get("etag")).toBeNull();
    expect(calls.handler).toEqual(["get"]);
  });

  it("answers 412 to a GET whose If-Match fails, before the handler", async () => {
    const response = await get("/docs/a", { "if-match": '"7"' });
    expect(response.status).toBe(412);
    expect(response.headers.get("content-type")).toBe("application/problem+json");
    expect(await response.json()).toMatchObject({ status: 412, title: "Precondition Failed" });
    expect(calls.handler).toEqual([]);
  });

  it("answers 304 for a weak tag from a synchronous resolver, in the same turn", async () => {
    const answered = app.request("/weak?v=2", { headers: { "if-none-match": 'W/"w2"' } });
    expect(answered).toBeInstanceOf(Response);
    expect((answered as Response).status).toBe(304);
    expect((answered as Response).headers.get("etag")).toBe('W/"w2"');
    const fresh = (await app.request("/weak?v=3", { headers: { "if-none-match": 'W/"w2"' } })) as Response;
    expect(fresh.status).toBe(200);
    expect(fresh.headers.get("etag")).toBe('W/"w3"');
    expect(calls.handler).toEqual(["weak"]);
  });
});

describe("validators from a resolver, on a write", () => {
  it("answers 412 to a stale If-Match without reading the body or running the handler, and leaves the resource as it was", async () => {
    const response = await app.request("/docs/a", {
      method: "PUT",
      headers: { "content-type": "application/json", "if-match": '"0"' },
      body: "{ not json",
    });
    expect(response.status).toBe(412);
    const problem = await response.json();
    expect(problem).toMatchObject({ type: "about:blank", title: "Precondition Failed", status: 412 });
    expect(problem.detail).toBe("If-Match lists no current entity tag of the resource");
    expect(calls.handler).toEqual([]);
    expect(docs.get("a")?.text).toBe("first");
  });

  it("never matches a weak tag in If-Match (strong comparison)", async () => {
    expect((await put("/docs/a", "second", { "if-match": 'W/"1"' })).status).toBe(412);
    expect(calls.handler).toEqual([]);
  });

  it("runs the handler for a current If-Match, and sends the validators the write left", async () => {
    const response = await put("/docs/a", "second", { "if-match": '"1"' });
    expect(response.status).toBe(200);
    expect(calls.handler).toEqual(["put"]);
    expect(response.headers.get("etag")).toBe('"2"');
    expect(response.headers.get("last-modified")).toBe("Fri, 02 Jan 2026 03:05:05 GMT");
    // The tag it sent is the one the next write must give.
    expect((await put("/docs/a", "third", { "if-match": '"1"' })).status).toBe(412);
    expect((await put("/docs/a", "third", { "if-match": '"2"' })).status).toBe(200);
  });

  it("answers 412 to If-Match on a resource that does not exist, and to If-None-Match: * on one that does", async () => {
    expect((await put("/docs/new", "x", { "if-match": "*" })).status).toBe(412);
    expect((await put("/docs/a", "x", { "if-none-match": "*" })).status).toBe(412);
    expect(calls.handler).toEqual([]);
    expect((await put("/docs/new", "x", { "if-none-match": "*" })).status).toBe(200);
    expect(calls.handler).toEqual(["put"]);
  });

  it("answers 412 to an If-Unmodified-Since before the last change, and ignores it beside If-Match", async () => {
    expect((await put("/docs/a", "x", { "if-unmodified-since": "Fri, 02 Jan 2026 03:04:04 GMT" })).status).toBe(412);
    expect(calls.handler).toEqual([]);
    expect((await put("/docs/a", "x", { "if-match": '"1"', "if-unmodified-since": "Fri, 02 Jan 2026 03:04:04 GMT" })).status).toBe(200);
    expect((await put("/docs/a", "y", { "if-unmodified-since": "Fri, 02 Jan 2026 03:05:05 GMT" })).status).toBe(200);
  });
});

describe("@BodyETag", () => {
  it("sends a strong tag of the JSON written, the same for the same body, and answers 304 to it after the handler ran", async () => {
    const first = await get("/hashed/5");
    const tag = first.headers.get("etag");
    expect(tag).toMatch(/^"[0-9a-f]{16}"$/);
    expect(first.headers.get("cache-control")).toBe("no-cache");
    expect((await get("/hashed/5")).headers.get("etag")).toBe(tag);
    expect((await get("/hashed/6")).headers.get("etag")).not.toBe(tag);
    const again = await get("/hashed/5", { "if-none-match": tag! });
    expect(again.status).toBe(304);
    expect(again.headers.get("etag")).toBe(tag);
    expect(again.headers.get("cache-control")).toBe("no-cache");
    expect(await again.text()).toBe("");
    expect(calls.handler).toEqual(["hashed", "hashed", "hashed", "hashed"]);
  });
});

describe("etag() and lastModified()", () => {
  it("quote a tag as the ETag header sends it, weak with W/, and refuse what a header cannot carry", () => {
    expect([etag(7), etag(9007199254740993n), etag("a-1", { weak: true }), etag("")]).toEqual([
      '"7"',
      '"9007199254740993"',
      'W/"a-1"',
      '""',
    ]);
    for (const bad of ['a"b', "a b", "é", "a\r\nx: 1"]) {
      expect(() => etag(bad), bad).toThrow(
        new TypeError(`honest: an entity tag may hold visible ASCII characters other than '"' only; got ${JSON.stringify(bad)}`),
      );
    }
  });

  it("round a date down to the whole second, and refuse an invalid one", () => {
    expect(lastModified(new Date("2026-01-02T03:04:05.999Z")).toISOString()).toBe("2026-01-02T03:04:05.000Z");
    expect(() => lastModified(new Date(Number.NaN))).toThrow(new TypeError("honest: lastModified() was given an invalid Date"));
  });
});
