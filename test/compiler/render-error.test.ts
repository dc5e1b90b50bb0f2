import type { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Problem } from "honest";
import type { RunningServer } from "honest/node";
import { compileFixture } from "../support/compile.js";
import { exampleApp, json, problemOf } from "../support/example.js";
import { serveForTest } from "../support/http.js";

// docs/guide/errors.md, "Errors in your own format": createApp({ renderError }) receives
// every error answer as a typed Problem saying which check failed; a
// Response it returns is sent instead, undefined keeps the problem document.

type CreateApp = (options?: Record<string, unknown>) => Hono;

let failing: CreateApp;
beforeAll(async () => {
  const compiled = compileFixture("render-error", {
    "src/failing.ts": `
      import { Controller, Get, HttpError } from "honest";
      import type { Json } from "honest";

      @Controller()
      export class FailingController {
        @Get("/crash") async crash(): Promise<Json<{ ok: boolean }>> { throw new Error("database down"); }
        @Get("/string") async string(): Promise<Json<{ ok: boolean }>> { throw "a string"; }
        @Get("/slow") async slow(): Promise<Json<{ ok: boolean }>> {
          await new Promise((resolve) => setTimeout(resolve, 200));
          return { ok: true };
        }
        @Get("/teapot") async teapot(): Promise<Json<{ ok: boolean }>> {
          throw new HttpError(409, "short and stout", { handle: true });
        }
      }
    `,
    "src/app.ts": `
      import { createApp } from "honest";
      export const build = (options: Parameters<typeof createApp>[0] = {}) => createApp({ log: false, ...options });
    `,
  });
  expect(compiled.diagnostics).toEqual([]);
  failing = (await compiled.load<{ build: CreateApp }>("src/app.ts")).build;
});

/** An app whose renderError records each Problem and keeps the problem document. */
async function recording(): Promise<{ app: Hono; seen: Problem[] }> {
  const seen: Problem[] = [];
  const app = await exampleApp({ renderError: (problem) => void seen.push(problem) });
  return { app, seen };
}

describe("the Problem renderError receives", () => {
  it.each<[string, string, RequestInit | undefined, Partial<Problem>]>([
    ["no route", "/nowhere", undefined, { status: 404, check: "route", title: "Not Found" }],
    ["a wrong method", "/health", { method: "DELETE" }, { status: 405, check: "method" }],
    ["a bad path parameter", "/items/abc", undefined, { status: 400, check: "path" }],
    ["broken percent-encoding", "/items/%FF", undefined, { status: 400, check: "path" }],
    [
      "another content type",
      "/items",
      { method: "POST", headers: { "content-type": "text/plain" }, body: "x" },
      { status: 415, check: "content-type" },
    ],
    ["a body over the limit", "/items", json({ name: "x".repeat(2_000_000), price: 1 }), { status: 413, check: "body-size" }],
    [
      "a body that is not JSON",
      "/items",
      { method: "POST", headers: { "content-type": "application/json" }, body: "{" },
      { status: 400, check: "body" },
    ],
    ["a handler's HttpError", "/items/999", undefined, { status: 404, check: "handler", detail: "item 999 not found" }],
  ])("%s: its status, title, detail and check", async (_case, path, init, expected) => {
    const { app, seen } = await recording();
    const response = await app.request(path, init);
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject(expected);
    expect(response.status).toBe(expected.status);
    expect((await problemOf(response)).detail).toBe(seen[0]!.detail);
  });

  it("a body of the wrong shape: its errors, typed, with the same paths as the document", async () => {
    const { app, seen } = await recording();
    const response = await app.request("/items", json({ name: 1, price: "x" }));
    const document = await problemOf(response);
    expect(seen[0]).toMatchObject({ status: 400, check: "body" });
    expect(seen[0]!.errors).toEqual([
      { path: "$.name", expected: "string", got: "1" },
      { path: "$.price", expected: "number", got: '"x"' },
    ]);
    expect(document.errors).toEqual(seen[0]!.errors);
  });

  it("a handler that fails: 500 'server', and a timeout: 504 'timeout'; an HttpError's extensions come along", async () => {
    const seen: Problem[] = [];
    const app = failing({ timeout: 50, renderError: (problem: Problem) => void seen.push(problem) });
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    expect((await app.request("/crash")).status).toBe(500);
    expect((await app.request("/string")).status).toBe(500);
    expect((await app.request("/slow")).status).toBe(504);
    errors.mockRestore();
    const teapot = await app.request("/teapot");
    expect(teapot.status).toBe(409);
    expect((await problemOf(teapot)).handle).toBe(true);
    expect(seen.map(({ status, check }) => `${status} ${check}`)).toEqual(["500 server", "500 server", "504 timeout", "409 handler"]);
    expect(seen[3]!.extensions).toEqual({ handle: true });
  });
});

describe("the answer", () => {
  it("is the Response renderError returns: RealWorld's 422 with errors.body", async () => {
    const app = await exampleApp({
      renderError: (problem: Problem) =>
        problem.check === "body" || problem.check === "content-type"
          ? Response.json(
              { errors: { body: problem.errors?.map((fault) => `${fault.path} must be ${fault.expected}`) ?? [problem.detail] } },
              { status: 422 },
            )
          : undefined,
    });
    const wrong = await app.request("/items", json({ name: 1, price: 2 }));
    expect(wrong.status).toBe(422);
    expect(await wrong.json()).toEqual({ errors: { body: ["$.name must be string"] } });
    const missing = await app.request("/items/999");
    expect(missing.status).toBe(404);
    expect(missing.headers.get("content-type")).toBe("application/problem+json");
  });

  it("may come from an async renderError", async () => {
    const app = await exampleApp({
      renderError: async (problem: Problem) => new Response(`${problem.status} ${problem.check}`, { status: problem.status }),
    });
    const response = await app.request("/nowhere");
    expect(response.status).toBe(404);
    expect(await response.text()).toBe("404 route");
  });

  it("is the problem document when renderError throws, and the fault is logged", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const app = await exampleApp({
      renderError: () => {
        throw new Error("renderer bug");
      },
    });
    const response = await app.request("/nowhere");
    expect(response.status).toBe(404);
    expect((await problemOf(response)).detail).toBe("no route matches GET /nowhere");
    expect(errors).toHaveBeenCalledWith(
      expect.stringMatching(/^honest: renderError failed; sent the problem document instead \(request [0-9a-f-]{36}\):$/),
      expect.any(Error),
    );
    errors.mockRestore();
  });
});

describe("over a real socket", () => {
  let running: RunningServer;
  let base: string;
  beforeAll(async () => {
    const app = await exampleApp({
      renderError: (problem: Problem) =>
        problem.check === "body"
          ? Response.json({ errors: { body: problem.errors?.map((fault) => fault.path) ?? [] } }, { status: 422 })
          : undefined,
    });
    running = serveForTest(app);
    base = `http://127.0.0.1:${(await running.listening).port}`;
  });
  afterAll(() => running.close());

  it("sends the app's own answer, with the app's CORS header, and the problem document for the rest", async () => {
    const wrong = await fetch(`${base}/items`, json({ name: 1, price: 1 }));
    expect(wrong.status).toBe(422);
    expect(wrong.headers.get("access-control-allow-origin")).toBe("*");
    expect(await wrong.json()).toEqual({ errors: { body: ["$.name"] } });
    const missing = await fetch(`${base}/items/999`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get("content-type")).toBe("application/problem+json");
  });
});
