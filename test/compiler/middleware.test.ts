import { sign } from "hono/jwt";
import type { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { RunningServer } from "honest/node";
import { compileFixture, type Compiled } from "../support/compile.js";
import { HonestCode } from "../support/honest-codes.js";
import { problemOf } from "../support/example.js";
import { serveForTest } from "../support/http.js";

// docs/guide/middleware.md, "Middleware": Hono's own middleware, app-wide with
// createApp({ use }), per controller and per handler with @Use(...), in that
// order; app-wide middleware also wraps honest's 404 and 405 answers; and
// app.use(...) after createApp, which would run after the routes and so
// protect nothing, fails at once naming the fix.

type CreateApp = (options?: Record<string, unknown>) => Hono;

const TOKEN = "s3cret";
const JWT_SECRET = "jwt-secret";

let compiled: Compiled;
let createApp: CreateApp;
let trace: string[];

beforeAll(async () => {
  compiled = compileFixture("middleware", {
    "src/trace.ts": `
      import type { MiddlewareHandler } from "hono";
      /** What the middleware the test writes saw, in order. */
      export const trace: string[] = [];
      export const mark = (name: string): MiddlewareHandler => async (c, next) => {
        trace.push(\`\${name} before\`);
        await next();
        trace.push(\`\${name} after \${c.res.status}\`);
      };
      /** Sets a header and a cookie before the route answers. */
      export const stamp: MiddlewareHandler = async (c, next) => {
        c.header("x-stamp", "1");
        c.header("set-cookie", "seen=1; Path=/");
        await next();
      };
      export const refuseUnless = (header: string): MiddlewareHandler => async (c, next) => {
        if (c.req.header(header) === undefined) return c.json({ refused: header }, 403);
        await next();
      };
    `,
    "src/controllers.ts": `
      import { Controller, Get, Post, Use, HttpError } from "honest";
      import type { Json, Path } from "honest";
      import type { Context } from "hono";
      import { bearerAuth } from "hono/bearer-auth";
      import { etag } from "hono/etag";
      import { jwt } from "hono/jwt";
      import { bodyLimit } from "hono/body-limit";
      import { timeout } from "hono/timeout";
      import { mark, refuseUnless, stamp } from "./trace.js";

      @Controller({ prefix: "/items" })
      @Use(bearerAuth({ token: "${TOKEN}" }))
      export class ItemController {
        @Get("/{id}")
        async get(id: Path<number>): Promise<Json<{ id: number }>> { return { id }; }

        @Post("/")
        @Use(bodyLimit({ maxSize: 32 }))
        async create(body: Json<{ name: string }>): Promise<Json<{ name: string }>> { return body; }
      }

      @Controller()
      @Use(mark("class"), mark("class 2"))
      export class OrderController {
        @Get("/order")
        @Use(mark("route"))
        @Use(mark("route 2"))
        async order(): Promise<Json<{ ok: boolean }>> { return { ok: true }; }

        @Get("/guarded")
        @Use(refuseUnless("x-key"))
        async guarded(): Promise<Json<{ ok: boolean }>> { return { ok: true }; }

        @Get("/fails")
        async fails(): Promise<Json<{ ok: boolean }>> { throw new HttpError(409, "taken"); }
      }

      @Controller()
      export class OpenController {
        @Get("/open")
        async open(): Promise<Json<{ open: boolean }>> { return { open: true }; }

        @Get("/tagged")
        @Use(etag())
        async tagged(): Promise<Json<{ version: number }>> { return { version: 1 }; }

        @Get("/slow")
        @Use(timeout(50))
        async slow(): Promise<Json<{ late: boolean }>> {
          await new Promise((resolve) => setTimeout(resolve, 500));
          return { late: true };
        }

        @Get("/stamped")
        @Use(stamp)
        async stamped(): Promise<Json<{ ok: boolean }>> { return { ok: true }; }

        @Get("/stamped-response")
        @Use(stamp)
        async stampedResponse(): Promise<Response> { return new Response("built", { headers: { "x-own": "1" } }); }

        @Get("/me")
        @Use(jwt({ secret: "${JWT_SECRET}", alg: "HS256" }))
        async me(c: Context): Promise<Json<{ sub: string }>> {
          return { sub: (c.get("jwtPayload") as { sub: string }).sub };
        }
      }
    `,
    "src/app.ts": `
      import { createApp } from "honest";
      export const build = (options: Parameters<typeof createApp>[0] = {}) => createApp({ log: false, ...options });
    `,
  });
  expect(compiled.diagnostics).toEqual([]);
  const app = await compiled.load<{ build: CreateApp }>("src/app.ts");
  createApp = app.build;
  trace = (await compiled.load<{ trace: string[] }>("src/trace.ts")).trace;
});

const bearer = { authorization: `Bearer ${TOKEN}` };

describe("@Use on a controller: bearerAuth", () => {
  it("refuses a request without the token with 401 and WWW-Authenticate, as a problem document", async () => {
    const response = await createApp().request("/items/1");
    expect(response.status).toBe(401);
    expect(response.headers.get("www-authenticate")).toMatch(/^Bearer/);
    expect(await problemOf(response)).toMatchObject({ status: 401, title: "Unauthorized" });
  });

  it("runs before the body is read: no token and a bad body is a 401, not a 400 or 415", async () => {
    const app = createApp();
    const response = await app.request("/items", { method: "POST", headers: { "content-type": "text/plain" }, body: "{" });
    expect(response.status).toBe(401);
  });

  it("lets the request through with the token", async () => {
    const response = await createApp().request("/items/7", { headers: bearer });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ id: 7 });
  });

  it("leaves the controller's other routes and other controllers alone", async () => {
    expect((await createApp().request("/open")).status).toBe(200);
  });
});

describe("@Use on a handler", () => {
  it("bodyLimit refuses a body over its size with 413 after the controller's bearerAuth", async () => {
    const app = createApp();
    const big = JSON.stringify({ name: "x".repeat(100) });
    const response = await app.request("/items", { method: "POST", headers: { ...bearer, "content-type": "application/json" }, body: big });
    expect(response.status).toBe(413);
    const small = await app.request("/items", {
      method: "POST",
      headers: { ...bearer, "content-type": "application/json" },
      body: '{"name":"a"}',
    });
    expect(small.status).toBe(200);
  });

  it("etag answers 304 to a matching If-None-Match", async () => {
    const app = createApp();
    const first = await app.request("/tagged");
    const tag = first.headers.get("etag");
    expect(tag).toBeTruthy();
    expect((await app.request("/tagged", { headers: { "if-none-match": tag! } })).status).toBe(304);
  });

  it("timeout answers 504 for a handler that takes too long", async () => {
    const response = await createApp().request("/slow");
    expect(response.status).toBe(504);
    expect((await problemOf(response)).status).toBe(504);
  });

  it("jwt: the handler reads the verified payload from the context; a bad token is a 401", async () => {
    const app = createApp();
    const token = await sign({ sub: "ada" }, JWT_SECRET, "HS256");
    const response = await app.request("/me", { headers: { authorization: `Bearer ${token}` } });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ sub: "ada" });
    expect((await app.request("/me", { headers: { authorization: "Bearer nope" } })).status).toBe(401);
    expect((await app.request("/me")).status).toBe(401);
  });

  it("a guard the test writes refuses with its own answer, and the handler never runs", async () => {
    const app = createApp();
    const refused = await app.request("/guarded");
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ refused: "x-key" });
    expect((await app.request("/guarded", { headers: { "x-key": "1" } })).status).toBe(200);
  });
});

describe("headers a middleware sets before next()", () => {
  it("reach honest's answer, and a Response the handler built, cookies included", async () => {
    const app = createApp();
    for (const path of ["/stamped", "/stamped-response"]) {
      const response = await app.request(path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get("x-stamp"), path).toBe("1");
      expect(response.headers.getSetCookie(), path).toEqual(["seen=1; Path=/"]);
    }
    expect((await app.request("/stamped-response")).headers.get("x-own")).toBe("1");
    expect(await (await app.request("/stamped")).json()).toEqual({ ok: true });
  });
});

describe("order", () => {
  it("runs the app's middleware, then the class's, then the handler's, each list in the order written", async () => {
    const { mark } = await compiled.load<{ mark: (name: string) => unknown }>("src/trace.ts");
    trace.length = 0;
    const response = await createApp({ use: [mark("app"), mark("app 2")] }).request("/order");
    expect(response.status).toBe(200);
    expect(trace).toEqual([
      "app before",
      "app 2 before",
      "class before",
      "class 2 before",
      "route before",
      "route 2 before",
      "route 2 after 200",
      "route after 200",
      "class 2 after 200",
      "class after 200",
      "app 2 after 200",
      "app after 200",
    ]);
  });

  it("middleware sees an error answer after next(): the problem document's status", async () => {
    const { mark } = await compiled.load<{ mark: (name: string) => unknown }>("src/trace.ts");
    trace.length = 0;
    const response = await createApp({ use: [mark("app")] }).request("/fails");
    expect(response.status).toBe(409);
    expect(trace).toEqual(["app before", "class before", "class 2 before", "class 2 after 409", "class after 409", "app after 409"]);
  });
});

describe("createApp({ use }): cors, secureHeaders, logger", () => {
  let app: Hono;
  const logged: string[] = [];
  beforeAll(async () => {
    const [{ cors }, { secureHeaders }, { logger }] = await Promise.all([
      import("hono/cors"),
      import("hono/secure-headers"),
      import("hono/logger"),
    ]);
    app = createApp({ use: [logger((line: string) => logged.push(line)), cors({ origin: "https://app.example" }), secureHeaders()] });
  });

  it("adds CORS and security headers to honest's routes", async () => {
    const response = await app.request("/open", { headers: { origin: "https://app.example" } });
    expect(response.status).toBe(200);
    expect(response.headers.get("access-control-allow-origin")).toBe("https://app.example");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("answers a CORS preflight with 204 and its headers, not 405", async () => {
    const response = await app.request("/items/1", {
      method: "OPTIONS",
      headers: { origin: "https://app.example", "access-control-request-method": "GET", "access-control-request-headers": "authorization" },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get("access-control-allow-origin")).toBe("https://app.example");
    expect(response.headers.get("access-control-allow-methods")).toContain("GET");
  });

  it("wraps honest's 404 and 405 and error answers too", async () => {
    const notFound = await app.request("/nowhere", { headers: { origin: "https://app.example" } });
    expect(notFound.status).toBe(404);
    expect(notFound.headers.get("access-control-allow-origin")).toBe("https://app.example");
    expect((await problemOf(notFound)).detail).toBe("no route matches GET /nowhere");
    const wrongMethod = await app.request("/open", { method: "DELETE", headers: { origin: "https://app.example" } });
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get("access-control-allow-origin")).toBe("https://app.example");
    const refused = await app.request("/items/1", { headers: { origin: "https://app.example" } });
    expect(refused.status).toBe(401);
    expect(refused.headers.get("access-control-allow-origin")).toBe("https://app.example");
  });

  it("logs each request as the logger writes it", async () => {
    logged.length = 0;
    await app.request("/open");
    expect(logged).toHaveLength(2);
    expect(logged[0]).toMatch(/<-- GET \/open/);
    expect(logged[1]).toMatch(/--> GET \/open .*200/);
  });
});

describe("app.use after createApp", () => {
  it("fails at once, naming createApp({ use }) and @Use, instead of running after the routes", () => {
    const app = createApp();
    expect(() => app.use("/items/*", async (_c, next) => next())).toThrow(
      "honest: app.use(...) after createApp() would run after honest's routes have answered, so it could not protect them. " +
        "Pass the middleware to createApp({ use: [...] }) for every route, or put @Use(...) on a controller or a handler.",
    );
  });
});

describe("over a real socket", () => {
  let running: RunningServer;
  let base: string;
  beforeAll(async () => {
    const { cors } = await import("hono/cors");
    running = serveForTest(createApp({ use: [cors()] }));
    base = `http://127.0.0.1:${(await running.listening).port}`;
  });
  afterAll(() => running.close());

  it("no token, no 200: the controller's bearerAuth holds", async () => {
    const refused = await fetch(`${base}/items/1`);
    expect(refused.status).toBe(401);
    expect(refused.headers.get("access-control-allow-origin")).toBe("*");
    const allowed = await fetch(`${base}/items/1`, { headers: bearer });
    expect(allowed.status).toBe(200);
  });

  it("a POST without a token never has its body read", async () => {
    const errors = vi.spyOn(console, "error");
    const refused = await fetch(`${base}/items`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
    expect(refused.status).toBe(401);
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
  });
});

describe("diagnostics", () => {
  it("@Use on a class that is not a controller, or on a method that serves no route", () => {
    const broken = compileFixture("middleware-diagnostics", {
      "src/broken.ts": `
        import { Controller, Get, Use } from "honest";
        import type { Json } from "honest";
        import { etag } from "hono/etag";

        @Use(etag())
        export class NotAController {}

        @Controller()
        export class Mixed {
          @Use(etag())
          helper(): void {}

          @Get("/ok") async ok(): Promise<Json<{ ok: boolean }>> { return { ok: true }; }
        }
      `,
    });
    expect(broken.diagnostics.map(({ file, line, code, message }) => ({ file, line, code, message }))).toEqual([
      {
        file: "src/broken.ts",
        line: 6,
        code: HonestCode.UseOutsideController,
        message:
          "NotAController has @Use(...) but is not a controller, so its middleware would run for nothing; add @Controller() to the class, or remove @Use.",
      },
      {
        file: "src/broken.ts",
        line: 11,
        code: HonestCode.UseWithoutRoute,
        message:
          "Mixed.helper has @Use(...) but no route decorator, so its middleware would run for nothing; add @Get, @Post, @Put, @Delete or @Patch, or move @Use to a handler or to the class.",
      },
    ]);
  });
});
