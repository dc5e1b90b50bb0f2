import http from "node:http";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { AppOptions } from "honest";
import type { Hono } from "hono";
import { compiledAppBuilder } from "../support/compiled-app.js";
import { serveForTest } from "../support/http.js";
import { problem } from "../support/problem.js";

// docs/guide/logs-and-traces.md, "Request ids": every answer carries its request's id in X-Request-Id, the client's
// own when it is a safe token, a new UUID otherwise; every problem document carries it as `requestId`, after
// `detail`; a handler reads it with c.get("requestId"); requestId: false turns it off.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

let build: (options: Omit<AppOptions, "controllers">) => Hono;

beforeAll(async () => {
  build = await compiledAppBuilder("request-ids", {
    "src/items.ts": `
      import type { Context } from "hono";
      import { Controller, Get, HttpError } from "honest";
      import type { Json, Path } from "honest";

      @Controller()
      export class ItemController {
        @Get("/items/{id}") async get(id: Path<number>): Promise<Json<{ id: number }>> {
          if (id === 0) throw new HttpError(404, "no item 0");
          return { id };
        }
        @Get("/broken") async broken(): Promise<Json<{ ok: boolean }>> {
          throw new Error("the database is gone");
        }
        @Get("/own") async own(c: Context): Promise<Json<{ id: string }>> {
          return { id: c.get("requestId") };
        }
      }
    `,
  });
});

const ask = (app: Hono, path: string, headers: Record<string, string> = {}) => app.request(path, { headers });

describe("the id of a request", () => {
  it('is the client\'s X-Request-Id when it is a safe token, on a 200, and what c.get("requestId") reads', async () => {
    const app = build({});
    const answer = await ask(app, "/own", { "X-Request-Id": "edge-7f3a.b_2" });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("x-request-id")).toBe("edge-7f3a.b_2");
    expect(await answer.json()).toEqual({ id: "edge-7f3a.b_2" });
  });

  it("is a new UUID when the client sends none, one too long, or one with a character outside the safe set", async () => {
    const app = build({});
    const none = await ask(app, "/items/1");
    const long = await ask(app, "/items/1", { "X-Request-Id": "a".repeat(65) });
    const unsafe = await ask(app, "/items/1", { "X-Request-Id": "abc{def}" });
    const spaced = await ask(app, "/items/1", { "X-Request-Id": "a b" });
    for (const answer of [none, long, unsafe, spaced]) expect(answer.headers.get("x-request-id")).toMatch(UUID);
    expect(new Set([none, long, unsafe, spaced].map((answer) => answer.headers.get("x-request-id"))).size).toBe(4);
    // 64 characters is still safe.
    expect((await ask(app, "/items/1", { "X-Request-Id": "a".repeat(64) })).headers.get("x-request-id")).toBe("a".repeat(64));
  });

  it("is in the header and the body of a 404 for no route, a 400 for a bad path, and a 404 a handler throws", async () => {
    const app = build({});
    const missing = await ask(app, "/nowhere", { "X-Request-Id": "r-404" });
    expect(missing.headers.get("x-request-id")).toBe("r-404");
    expect(await missing.text()).toBe(
      '{"type":"about:blank","title":"Not Found","status":404,"detail":"no route matches GET /nowhere","requestId":"r-404"}',
    );
    const bad = await ask(app, "/items/abc", { "X-Request-Id": "r-400" });
    expect(bad.status).toBe(400);
    expect(bad.headers.get("x-request-id")).toBe("r-400");
    expect(await bad.json()).toEqual({
      ...problem(400, "Bad Request", 'path parameter "id" must be a finite decimal number; got "abc"'),
      requestId: "r-400",
    });
    const thrown = await ask(app, "/items/0", { "X-Request-Id": "r-thrown" });
    expect(await thrown.json()).toEqual({ ...problem(404, "Not Found", "no item 0"), requestId: "r-thrown" });
  });

  it("is in a 500's header, body and logged line, which has the error the client never sees", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const app = build({});
    const answer = await ask(app, "/broken", { "X-Request-Id": "r-500" });
    expect(answer.status).toBe(500);
    expect(answer.headers.get("x-request-id")).toBe("r-500");
    const body = await answer.text();
    expect(JSON.parse(body)).toEqual({
      ...problem(500, "Internal Server Error", "the server failed to complete the request"),
      requestId: "r-500",
    });
    expect(body).not.toContain("database");
    expect(logged.mock.calls).toEqual([
      ["honest: GET /broken failed with an unhandled error (request r-500):", new Error("the database is gone")],
    ]);
    logged.mockRestore();
  });

  it("reads and sends the header requestId.header names, and makes new ids with requestId.generate", async () => {
    let next = 0;
    const app = build({ requestId: { header: "X-Correlation-Id", generate: () => `gen-${++next}` } });
    const made = await ask(app, "/own");
    expect(made.headers.get("x-correlation-id")).toBe("gen-1");
    expect(made.headers.has("x-request-id")).toBe(false);
    expect(await made.json()).toEqual({ id: "gen-1" });
    expect((await ask(app, "/own", { "X-Correlation-Id": "kept" })).headers.get("x-correlation-id")).toBe("kept");
  });

  it("is not made with requestId: false: no header, no member in a problem", async () => {
    const app = build({ requestId: false });
    const answer = await ask(app, "/items/0", { "X-Request-Id": "r-1" });
    expect(answer.headers.has("x-request-id")).toBe(false);
    expect(await answer.text()).toBe('{"type":"about:blank","title":"Not Found","status":404,"detail":"no item 0"}');
  });
});

describe("served on Node", () => {
  let base: string;
  let close: () => Promise<void>;
  beforeAll(async () => {
    const running = serveForTest(build({}));
    base = `http://127.0.0.1:${(await running.listening).port}`;
    close = () => running.close();
  });
  afterAll(() => close());

  it("sends the id on a 200, a 404 and a 405 written through Node's response", async () => {
    const ok = await fetch(`${base}/items/2`, { headers: { "X-Request-Id": "node-1" } });
    expect(ok.headers.get("x-request-id")).toBe("node-1");
    expect(await ok.json()).toEqual({ id: 2 });
    const missing = await fetch(`${base}/nothing`);
    expect(missing.headers.get("x-request-id")).toMatch(UUID);
    expect((await missing.json()).requestId).toBe(missing.headers.get("x-request-id"));
    const wrongMethod = await fetch(`${base}/items/2`, { method: "DELETE", headers: { "X-Request-Id": "node-405" } });
    expect(wrongMethod.status).toBe(405);
    expect([...wrongMethod.headers].filter(([name]) => name === "x-request-id")).toEqual([["x-request-id", "node-405"]]);
    expect(await wrongMethod.json()).toEqual({
      ...problem(405, "Method Not Allowed", "DELETE is not allowed on /items/2; allowed: GET, HEAD"),
      requestId: "node-405",
    });
  });

  it("reads one X-Request-Id only: two are no safe token, and a new id is made", async () => {
    const port = new URL(base).port;
    const headers = await new Promise<http.IncomingHttpHeaders>((resolve, reject) => {
      const request = http.request({ host: "127.0.0.1", port, path: "/items/3", headers: { "X-Request-Id": ["one", "two"] } }, (res) => {
        res.resume();
        resolve(res.headers);
      });
      request.on("error", reject);
      request.end();
    });
    expect(headers["x-request-id"]).toMatch(UUID);
  });
});
