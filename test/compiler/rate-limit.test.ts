import type { Hono } from "hono";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { compileFixture } from "../support/compile.js";
import { problemOf } from "../support/example.js";
import { serveForTest } from "../support/http.js";

// docs/guide/rate-limits.md, "Rate limits": @RateLimit on a route or a controller, counted per client address or
// per a resolver's value in fixed windows in memory; a refusal is a 429 problem with Retry-After and the
// RateLimit / RateLimit-Policy headers, which allowed answers carry too; a route without a limit pays nothing.

type CreateApp = (options?: Record<string, unknown>) => Hono;
type Counted = { calls: number };

let createApp: CreateApp;
let resolved: Counted;

beforeAll(async () => {
  const compiled = compileFixture("rate-limit", {
    "src/caller.ts": `
      import type { Context } from "hono";
      /** How many times resolve ran. */
      export const resolved = { calls: 0 };
      /** The caller named by x-user: an object with an id, or undefined without the header. */
      export class Caller {
        resolve(c: Context): { id: bigint; name: string } | undefined {
          resolved.calls++;
          const user = c.req.header("x-user");
          return user === undefined ? undefined : { id: BigInt(user), name: "user " + user };
        }
      }
      export class ApiKey {
        async resolve(c: Context): Promise<string> { return c.req.header("x-key") ?? "none"; }
      }
    `,
    "src/controllers.ts": `
      import { Controller, Get, Post, RateLimit } from "honest";
      import type { From, Json, Path } from "honest";
      import { ApiKey, Caller } from "./caller.js";

      @Controller()
      export class OpenController {
        @Get("/items/{id}") @RateLimit({ limit: 2, window: "1m" })
        async get(id: Path<number>): Promise<Json<{ id: number }>> { return { id }; }

        @Post("/short") @RateLimit({ limit: 1, window: 200 })
        async short(): Promise<204> { return 204; }

        @Get("/mine") @RateLimit({ limit: 1, window: "1h", by: Caller })
        async mine(caller: From<Caller>): Promise<Json<{ name: string }>> { return { name: caller?.name ?? "anonymous" }; }

        @Get("/keyed") @RateLimit({ limit: 1, window: "1h", by: ApiKey })
        async keyed(): Promise<Json<{ ok: boolean }>> { return { ok: true }; }

        @Get("/built") @RateLimit({ limit: 5, window: "1m" })
        async built(): Promise<Response> { return new Response("built"); }

        @Get("/free")
        async free(): Promise<Json<{ ok: boolean }>> { return { ok: true }; }
      }

      @Controller({ prefix: "/limited" })
      @RateLimit({ limit: 1, window: "30s" })
      export class LimitedController {
        @Get("/a")
        async a(): Promise<Json<string>> { return "a"; }
        @Get("/b")
        async b(): Promise<Json<string>> { return "b"; }
        @Get("/own") @RateLimit({ limit: 3, window: "1m" })
        async own(): Promise<Json<string>> { return "own"; }
      }
    `,
    "src/app.ts": `
      import { createApp } from "honest";
      export const build = (options: Parameters<typeof createApp>[0] = {}) => createApp({ log: false, ...options });
    `,
  });
  expect(compiled.diagnostics).toEqual([]);
  createApp = (await compiled.load<{ build: CreateApp }>("src/app.ts")).build;
  resolved = (await compiled.load<{ resolved: Counted }>("src/caller.ts")).resolved;
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** An app whose requests come from the address each test names in x-from. */
const appFrom = (options: Record<string, unknown> = {}) =>
  createApp({ clientAddress: (c: { req: { header(name: string): string | undefined } }) => c.req.header("x-from"), ...options });

const from = (address: string, headers: Record<string, string> = {}) => ({ headers: { "x-from": address, ...headers } });

describe("a limit by client address", () => {
  it("answers the requests its window allows with RateLimit and RateLimit-Policy, then a 429 problem with Retry-After", async () => {
    const app = appFrom();
    const first = await app.request("/items/1", from("203.0.113.1"));
    expect(first.status).toBe(200);
    expect(first.headers.get("ratelimit-policy")).toBe('"default";q=2;w=60');
    expect(first.headers.get("ratelimit")).toBe('"default";r=1;t=60');
    expect((await app.request("/items/1", from("203.0.113.1"))).headers.get("ratelimit")).toBe('"default";r=0;t=60');
    const refused = await app.request("/items/1", from("203.0.113.1"));
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBe("60");
    expect(refused.headers.get("ratelimit")).toBe('"default";r=0;t=60');
    expect(refused.headers.get("ratelimit-policy")).toBe('"default";q=2;w=60');
    expect(await problemOf(refused)).toEqual({
      type: "about:blank",
      title: "Too Many Requests",
      status: 429,
      detail: "more than 2 requests in 1 minute; try again in 60 s",
      requestId: refused.headers.get("x-request-id"),
    });
  });

  it("counts each address on its own, before the path is parsed", async () => {
    const app = appFrom();
    for (let i = 0; i < 2; i++) expect((await app.request("/items/1", from("203.0.113.1"))).status).toBe(200);
    expect((await app.request("/items/not-a-number", from("203.0.113.1"))).status).toBe(429);
    expect((await app.request("/items/1", from("203.0.113.2"))).status).toBe(200);
    expect((await app.request("/items/not-a-number", from("203.0.113.2"))).status).toBe(400);
  });

  it("counts anew once the window has ended, Retry-After counting down to it", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const app = appFrom();
    expect((await app.request("/items/1", from("203.0.113.1"))).status).toBe(200);
    expect((await app.request("/items/1", from("203.0.113.1"))).status).toBe(200);
    vi.advanceTimersByTime(45_500);
    const refused = await app.request("/items/1", from("203.0.113.1"));
    expect([refused.status, refused.headers.get("retry-after"), refused.headers.get("ratelimit")]).toEqual([
      429,
      "15",
      '"default";r=0;t=15',
    ]);
    vi.advanceTimersByTime(14_500);
    const again = await app.request("/items/1", from("203.0.113.1"));
    expect([again.status, again.headers.get("ratelimit")]).toEqual([200, '"default";r=1;t=60']);
  });

  it("takes a window of a few hundred ms as written, with real time", async () => {
    const app = appFrom();
    expect((await app.request("/short", { method: "POST", ...from("203.0.113.1") })).status).toBe(204);
    const refused = await app.request("/short", { method: "POST", ...from("203.0.113.1") });
    expect([refused.status, refused.headers.get("retry-after"), refused.headers.get("ratelimit-policy")]).toEqual([
      429,
      "1",
      '"default";q=1;w=1',
    ]);
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect((await app.request("/short", { method: "POST", ...from("203.0.113.1") })).status).toBe(204);
  });

  it("gives each route of a limited controller its own count, and a handler's own limit replaces the class's", async () => {
    const app = appFrom();
    expect((await app.request("/limited/a", from("203.0.113.1"))).status).toBe(200);
    expect((await app.request("/limited/a", from("203.0.113.1"))).status).toBe(429);
    expect((await app.request("/limited/b", from("203.0.113.1"))).status).toBe(200);
    const own = await app.request("/limited/own", from("203.0.113.1"));
    expect([own.status, own.headers.get("ratelimit-policy")]).toEqual([200, '"default";q=3;w=60']);
  });

  it("leaves a route without a limit as it was: no headers, no count", async () => {
    const app = createApp();
    for (let i = 0; i < 10; i++) {
      const response = await app.request("/free");
      expect([response.status, response.headers.get("ratelimit")]).toEqual([200, null]);
    }
  });

  it("counts a route whose handler builds its own Response, and refuses it with the 429", async () => {
    const app = appFrom();
    for (let i = 0; i < 5; i++) expect(await (await app.request("/built", from("203.0.113.1"))).text()).toBe("built");
    expect((await app.request("/built", from("203.0.113.1"))).status).toBe(429);
  });

  it("fails with a 500 naming the fix when the address is unknown, as through app.request without clientAddress", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const response = await createApp().request("/items/1");
    expect(response.status).toBe(500);
    expect(String(errors.mock.calls[0]?.[1])).toContain(
      "honest: GET /items/{id} (OpenController.get) is rate limited by client address, and this request's address is unknown",
    );
    expect(String(errors.mock.calls[0]?.[1])).toContain("createApp({ clientAddress: forwardedFor(1) })");
  });

  it("reads the socket's peer on Node without being told, and X-Forwarded-For through forwardedFor(n)", async () => {
    const { forwardedFor } = await import("honest");
    const running = serveForTest(createApp());
    const base = `http://127.0.0.1:${(await running.listening).port}`;
    try {
      expect((await fetch(`${base}/items/1`)).status).toBe(200);
      expect((await fetch(`${base}/items/1`)).status).toBe(200);
      expect((await fetch(`${base}/items/1`)).status).toBe(429);
    } finally {
      await running.close();
    }
    const behindTwo = createApp({ clientAddress: forwardedFor(2) });
    const hop = (chain: string) => ({ headers: { "x-forwarded-for": chain } });
    // The client's address is the second from the end: the last two entries are the trusted proxies'.
    expect((await behindTwo.request("/items/1", hop("6.6.6.6, 198.51.100.7, 10.0.0.1"))).status).toBe(200);
    expect((await behindTwo.request("/items/1", hop("7.7.7.7, 198.51.100.7, 10.0.0.1"))).status).toBe(200);
    expect((await behindTwo.request("/items/1", hop("198.51.100.7, 10.0.0.1"))).status).toBe(429);
    expect((await behindTwo.request("/items/1", hop("198.51.100.8, 10.0.0.1"))).status).toBe(200);
    expect(() => forwardedFor(0)).toThrow("honest: forwardedFor(proxies) counts the trusted proxies in front of the app, 1 or more; got 0");
  });
});

describe("a limit by a resolver's value", () => {
  it("counts by the value's id, resolving once a request, and by address when it resolves to undefined", async () => {
    const app = appFrom();
    const before = resolved.calls;
    const ada = await app.request("/mine", from("203.0.113.1", { "x-user": "1" }));
    expect([ada.status, await ada.json()]).toEqual([200, { name: "user 1" }]);
    expect(resolved.calls - before).toBe(1);
    // Same user from another address: one count.
    expect((await app.request("/mine", from("203.0.113.2", { "x-user": "1" }))).status).toBe(429);
    // Another user from the first address: a count of its own.
    expect((await app.request("/mine", from("203.0.113.1", { "x-user": "2" }))).status).toBe(200);
    // No user: counted by address, apart from the users' counts.
    expect(await (await app.request("/mine", from("203.0.113.1"))).json()).toEqual({ name: "anonymous" });
    expect((await app.request("/mine", from("203.0.113.1"))).status).toBe(429);
    expect((await app.request("/mine", from("203.0.113.3"))).status).toBe(200);
  });

  it("resolves a resolver the handler does not take for the count alone, a string its key", async () => {
    const app = createApp();
    expect((await app.request("/keyed", { headers: { "x-key": "k1" } })).status).toBe(200);
    expect((await app.request("/keyed", { headers: { "x-key": "k1" } })).status).toBe(429);
    expect((await app.request("/keyed", { headers: { "x-key": "k2" } })).status).toBe(200);
  });
});

describe("the refusal through the app's error answers", () => {
  it("reaches renderError as the rate-limit check, its Response given Retry-After and the RateLimit headers", async () => {
    const app = appFrom({
      renderError: (problem: { status: number; check: string; detail: string }) =>
        new Response(JSON.stringify({ code: problem.check, message: problem.detail }), { status: problem.status }),
    });
    await app.request("/items/1", from("203.0.113.1"));
    await app.request("/items/1", from("203.0.113.1"));
    const refused = await app.request("/items/1", from("203.0.113.1"));
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ code: "rate-limit", message: "more than 2 requests in 1 minute; try again in 60 s" });
    expect(refused.headers.get("retry-after")).toBe("60");
    expect(refused.headers.get("ratelimit")).toBe('"default";r=0;t=60');
  });
});
