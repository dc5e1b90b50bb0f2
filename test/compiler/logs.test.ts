import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { AppOptions } from "honest";
import type { Hono } from "hono";
import { pino } from "pino";
import { compiledAppBuilder } from "../support/compiled-app.js";
import { serveForTest } from "../support/http.js";
import { type LogLine, logStream } from "../support/log-lines.js";
import { problem } from "../support/problem.js";

// docs/guide/logs-and-traces.md, "Logs": with createApp({ logger }) given a pino instance, real pino lines: one
// access line per request with Fastify's field names, one error line per fault with its stack (the client gets a
// problem without it), lines of an Inject<Logger> carrying the request's id, the user a resolver names, and the
// level filtering lines. Without a logger, nothing of a request is logged.

let build: (options: Omit<AppOptions, "controllers">) => Hono;

beforeAll(async () => {
  build = await compiledAppBuilder("logs", {
    "src/items.ts": `
      import type { Context } from "hono";
      import { Controller, Get, HttpError, logUser } from "honest";
      import type { From, Inject, Json, Logger, Path } from "honest";

      export class ItemStore {
        declare readonly log: Inject<Logger>;
        async find(id: number): Promise<{ id: number }> {
          await new Promise((resolve) => setTimeout(resolve, 1));
          this.log.info({ itemId: id }, "item read");
          this.log.debug("a debug line");
          return { id };
        }
      }

      export class CurrentUser {
        resolve(c: Context): string {
          logUser(c, 42);
          return "ada";
        }
      }

      @Controller()
      export class ItemController {
        declare readonly store: Inject<ItemStore>;
        @Get("/items/{id}") async get(id: Path<number>): Promise<Json<{ id: number }>> {
          if (id === 0) throw new HttpError(404, "no item 0");
          return this.store.find(id);
        }
        @Get("/broken") async broken(): Promise<Json<{ ok: boolean }>> {
          throw new TypeError("the database is gone");
        }
        @Get("/me") async me(user: From<CurrentUser>): Promise<Json<{ name: string }>> {
          return { name: user };
        }
      }
    `,
  });
});

/** An app whose logger is pino at `level`, writing to a stream the test reads. */
function loggedApp(level = "info", options: Omit<AppOptions, "controllers"> = {}) {
  const { stream, lines } = logStream();
  return { app: build({ logger: pino({ level }, stream), ...options }), lines };
}

const ACCESS = {
  level: 30,
  time: expect.any(Number),
  pid: process.pid,
  hostname: expect.any(String),
  responseTime: expect.any(Number),
  msg: "request completed",
};

describe("pino's lines", () => {
  it("one access line per request: reqId, the method, the path without its query, the route's template, the status, the time", async () => {
    const { app, lines } = loggedApp();
    const answer = await app.request("/items/7?token=s3cret", { headers: { "X-Request-Id": "req-7" } });
    expect(answer.status).toBe(200);
    expect(lines()).toEqual([
      { level: 30, time: expect.any(Number), pid: process.pid, hostname: expect.any(String), reqId: "req-7", itemId: 7, msg: "item read" },
      { ...ACCESS, reqId: "req-7", req: { method: "GET", url: "/items/7", route: "/items/{id}" }, res: { statusCode: 200 } },
    ]);
    expect(JSON.stringify(lines())).not.toContain("s3cret");
  });

  it("a 404 for no route has no template; a refusal is an access line only", async () => {
    const { app, lines } = loggedApp();
    await app.request("/nowhere", { headers: { "X-Request-Id": "r-404" } });
    await app.request("/items/0", { headers: { "X-Request-Id": "r-refused" } });
    expect(lines()).toEqual([
      { ...ACCESS, reqId: "r-404", req: { method: "GET", url: "/nowhere" }, res: { statusCode: 404 } },
      { ...ACCESS, reqId: "r-refused", req: { method: "GET", url: "/items/0", route: "/items/{id}" }, res: { statusCode: 404 } },
    ]);
  });

  it("a fault: an error line with the error's type, message and stack and the request's id; the client's problem has none of it", async () => {
    const { app, lines } = loggedApp();
    const answer = await app.request("/broken", { headers: { "X-Request-Id": "r-500" } });
    const body = await answer.text();
    expect(JSON.parse(body)).toEqual({
      ...problem(500, "Internal Server Error", "the server failed to complete the request"),
      requestId: "r-500",
    });
    expect(body).not.toMatch(/database|TypeError|at /);
    const [fault, access] = lines() as [LogLine, LogLine];
    expect(fault).toEqual({
      level: 50,
      time: expect.any(Number),
      pid: process.pid,
      hostname: expect.any(String),
      reqId: "r-500",
      err: { type: "TypeError", message: "the database is gone", stack: expect.stringMatching(/^TypeError: the database is gone\n\s+at /) },
      msg: "GET /broken failed with an unhandled error",
    });
    expect(access).toEqual({
      ...ACCESS,
      reqId: "r-500",
      req: { method: "GET", url: "/broken", route: "/broken" },
      res: { statusCode: 500 },
    });
  });

  it("names the user a resolver declared with logUser", async () => {
    const { app, lines } = loggedApp();
    await app.request("/me", { headers: { "X-Request-Id": "r-me" } });
    expect(lines()).toEqual([
      { ...ACCESS, reqId: "r-me", req: { method: "GET", url: "/me", route: "/me" }, res: { statusCode: 200 }, user: "42" },
    ]);
  });

  it("writes the levels from the one set on: at warn, faults and no access lines; at debug, a component's debug line", async () => {
    const warn = loggedApp("warn");
    await warn.app.request("/items/1");
    await warn.app.request("/broken");
    expect(warn.lines().map((line) => [line.level, line.msg])).toEqual([[50, "GET /broken failed with an unhandled error"]]);
    const debug = loggedApp("debug");
    await debug.app.request("/items/1", { headers: { "X-Request-Id": "r-debug" } });
    expect(debug.lines().map((line) => [line.level, line.msg, line.reqId])).toEqual([
      [30, "item read", "r-debug"],
      [20, "a debug line", "r-debug"],
      [30, "request completed", "r-debug"],
    ]);
  });

  it("with requestId: false, lines have no reqId", async () => {
    const { app, lines } = loggedApp("info", { requestId: false });
    await app.request("/items/3", { headers: { "X-Request-Id": "ignored" } });
    expect(lines().map((line) => "reqId" in line)).toEqual([false, false]);
  });
});

describe("served on Node", () => {
  const { stream, lines } = logStream();
  let base: string;
  let close: () => Promise<void>;
  beforeAll(async () => {
    const running = serveForTest(build({ logger: pino({ level: "info" }, stream) }), { log: true });
    base = `http://127.0.0.1:${(await running.listening).port}`;
    close = () => running.close();
  });
  afterAll(() => close());

  it("writes where it listens, then each request's line once its response is sent, reqId equal to the X-Request-Id header", async () => {
    const answer = await fetch(`${base}/items/5?x=1`);
    await answer.json();
    await vi.waitFor(() => expect(lines().some((line) => line.msg === "request completed")).toBe(true));
    const [listening, read, access] = lines() as [LogLine, LogLine, LogLine];
    expect(listening).toMatchObject({ level: 30, address: "127.0.0.1", port: Number(new URL(base).port), msg: `listening on ${base}` });
    expect(read).toMatchObject({ reqId: answer.headers.get("x-request-id"), itemId: 5, msg: "item read" });
    expect(access).toEqual({
      ...ACCESS,
      reqId: answer.headers.get("x-request-id"),
      req: { method: "GET", url: "/items/5", route: "/items/{id}" },
      res: { statusCode: 200 },
    });
  });
});

describe("without a logger", () => {
  it("logs no access line, a component's line as text, and a fault as text with its request's id, as before", async () => {
    const logged = vi.spyOn(console, "log").mockImplementation(() => {});
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const app = build({});
    await app.request("/items/1", { headers: { "X-Request-Id": "r-ok" } });
    await app.request("/broken", { headers: { "X-Request-Id": "r-text" } });
    expect(logged.mock.calls).toEqual([["info: item read", { reqId: "r-ok", itemId: 1 }]]);
    expect(errors.mock.calls).toEqual([
      ["honest: GET /broken failed with an unhandled error (request r-text):", new TypeError("the database is gone")],
    ]);
    vi.restoreAllMocks();
  });
});
