import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Hono } from "hono";
import type { RunningServer } from "honest/node";
import { compileFixture, type Compiled } from "../support/compile.js";
import { serveForTest } from "../support/http.js";
import { problem } from "../support/problem.js";

// docs/guide/resolvers.md, "Resolvers": a From<R> parameter receives the awaited result of
// resolve(c) on the app's instance of component R. Resolvers run after the
// path is parsed and before the body is read or checked, in parameter order,
// so a refused request is a 401 or 403 whatever its body; providers replace
// them like any component.

type CreateApp = (options?: Record<string, unknown>) => Hono;

let compiled: Compiled;
let createApp: CreateApp;
let fixture: Record<string, any>;

beforeAll(async () => {
  compiled = compileFixture("resolvers", {
    "src/events.ts": `
      /** What ran, in order, for the tests to read. */
      export const events: string[] = [];
    `,
    "src/tokens.ts": `
      import { HttpError } from "honest";
      export interface User { readonly id: number; readonly name: string }
      export class TokenService {
        verify(header: string | undefined): User {
          if (header === "Bearer ada") return { id: 1, name: "ada" };
          if (header === "Bearer guest") throw new HttpError(403, "guests may not write");
          throw new HttpError(401, "a bearer token is required");
        }
      }
    `,
    "src/resolvers.ts": `
      import type { Context } from "hono";
      import { HttpError } from "honest";
      import type { Inject } from "honest";
      import { events } from "./events.js";
      import { TokenService, type User } from "./tokens.js";

      export class CurrentUser {
        static built = 0;
        declare readonly tokens: Inject<TokenService>;
        constructor() { CurrentUser.built++; }
        async resolve(c: Context): Promise<User> {
          events.push("CurrentUser");
          return this.tokens.verify(c.req.header("authorization"));
        }
      }

      export class MaybeUser {
        declare readonly tokens: Inject<TokenService>;
        async resolve(c: Context): Promise<User | undefined> {
          const header = c.req.header("authorization");
          return header === undefined ? undefined : this.tokens.verify(header);
        }
      }

      export class Tenant {
        resolve(c: Context): string {
          events.push("Tenant");
          const tenant = c.req.header("x-tenant");
          if (tenant === undefined) throw new HttpError(400, "x-tenant is required");
          return tenant;
        }
      }

      export class Broken {
        constructor() { throw new Error("no key configured"); }
        resolve(): string { return "never"; }
      }
    `,
    "src/controllers.ts": `
      import { Controller, Get, Post } from "honest";
      import type { From, i64, Json, Path } from "honest";
      import type { Context } from "hono";
      import { CurrentUser, MaybeUser, Tenant, Broken } from "./resolvers.js";
      import { events } from "./events.js";

      interface ArticleDto { title: string }

      @Controller({ prefix: "/api" })
      export class ArticleController {
        // Declared body first, path last: the path is still parsed first, the resolver next, the body last.
        @Post("/articles/{id}")
        async create(body: Json<ArticleDto>, user: From<CurrentUser>, id: Path<i64>): Promise<Json<{ id: string; author: string; title: string }>> {
          events.push("handler");
          return { id: String(id), author: user.name, title: body.title };
        }

        @Get("/me")
        async me(user: From<CurrentUser>): Promise<Json<string>> {
          return user.name;
        }

        @Get("/greeting")
        async greeting(user: From<MaybeUser>): Promise<Json<string>> {
          return user === undefined ? "hello, stranger" : "hello, " + user.name;
        }

        @Get("/tenant")
        async tenant(tenant: From<Tenant>, c: Context, user: From<CurrentUser>): Promise<Json<string>> {
          await Promise.resolve();
          return tenant + "/" + user.name + " " + c.req.method;
        }
      }

      @Controller()
      export class BrokenController {
        @Get("/broken") async get(value: From<Broken>): Promise<Json<string>> { return value; }
      }
    `,
    "src/app.ts": `
      import { createApp, type AppOptions } from "honest";
      import { ArticleController } from "./controllers.js";
      export * from "./controllers.js";
      export * from "./resolvers.js";
      export { events } from "./events.js";
      export { TokenService } from "./tokens.js";
      export const app = (options: AppOptions = {}) => createApp({ controllers: [ArticleController], log: false, ...options });
    `,
  });
  expect(compiled.diagnostics).toEqual([]);
  fixture = await compiled.load("src/app.ts");
  createApp = fixture.app;
});

/** A request whose body records whether anyone read it. */
function watchedPost(path: string, text: string, headers: Record<string, string>): { request: Request; read: () => boolean } {
  let read = false;
  // No high-water mark: the stream pulls only when someone reads, not to fill its queue ahead.
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        read = true;
        controller.enqueue(new TextEncoder().encode(text));
        controller.close();
      },
    },
    { highWaterMark: 0 },
  );
  const request = new Request(`http://localhost${path}`, { method: "POST", body, headers, duplex: "half" } as RequestInit);
  return { request, read: () => read };
}

function takeEvents(): string[] {
  return fixture.events.splice(0);
}

describe("resolvers", () => {
  it("passes the resolved value to the handler, arguments in declaration order", async () => {
    takeEvents();
    const response = await createApp().request("/api/articles/42", {
      method: "POST",
      headers: { "content-type": "application/json", authorization: "Bearer ada" },
      body: JSON.stringify({ title: "Resolvers" }),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ id: "42", author: "ada", title: "Resolvers" });
    expect(takeEvents()).toEqual(["CurrentUser", "handler"]);
  });

  it("parses the path before resolving: a bad path is a 400 and resolve is not called", async () => {
    takeEvents();
    const response = await createApp().request("/api/articles/abc", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
    });
    expect(response.status).toBe(400);
    expect((await response.json()).detail).toMatch(/^path parameter "id" must be a 64-bit integer/);
    expect(takeEvents()).toEqual([]);
  });

  it("resolves before the body is read: no token and an invalid body is a 401, and the body is never read", async () => {
    takeEvents();
    for (const contentType of ["application/json", "text/plain"]) {
      const { request, read } = watchedPost("/api/articles/1", "{}", { "content-type": contentType });
      const response = await createApp().fetch(request);
      expect(response.status).toBe(401);
      expect(response.headers.get("content-type")).toBe("application/problem+json");
      expect(await response.json()).toEqual(problem(401, "Unauthorized", "a bearer token is required"));
      expect(read()).toBe(false);
    }
    expect(takeEvents()).toEqual(["CurrentUser", "CurrentUser"]);
  });

  it("answers an HttpError(403) from resolve with that status", async () => {
    const response = await createApp().request("/api/me", { headers: { authorization: "Bearer guest" } });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ status: 403, detail: "guests may not write" });
  });

  it("checks the body after the resolver accepted the request", async () => {
    const { request, read } = watchedPost("/api/articles/1", "{}", { "content-type": "application/json", authorization: "Bearer ada" });
    const response = await createApp().fetch(request);
    expect(response.status).toBe(400);
    expect(read()).toBe(true);
  });

  it("passes undefined from a resolver whose result may be undefined", async () => {
    const app = createApp();
    expect(await (await app.request("/api/greeting")).json()).toBe("hello, stranger");
    expect(await (await app.request("/api/greeting", { headers: { authorization: "Bearer ada" } })).json()).toBe("hello, ada");
  });

  it("runs several resolvers in parameter order, the first refusal answering", async () => {
    const app = createApp();
    takeEvents();
    const ok = await app.request("/api/tenant", { headers: { "x-tenant": "acme", authorization: "Bearer ada" } });
    expect(await ok.json()).toBe("acme/ada GET");
    expect(takeEvents()).toEqual(["Tenant", "CurrentUser"]);
    const refused = await app.request("/api/tenant", { headers: { authorization: "Bearer ada" } });
    expect(refused.status).toBe(400);
    expect(takeEvents()).toEqual(["Tenant"]);
  });

  it("builds each resolver once per app, when the app is built, with its Inject fields filled", async () => {
    const before = fixture.CurrentUser.built;
    const app = createApp();
    expect(fixture.CurrentUser.built - before).toBe(1);
    await app.request("/api/me", { headers: { authorization: "Bearer ada" } });
    await app.request("/api/tenant", { headers: { "x-tenant": "acme", authorization: "Bearer ada" } });
    expect(fixture.CurrentUser.built - before).toBe(1);
  });

  it("uses a provider in place of a resolver, and counts it as used", async () => {
    const app = createApp({ providers: [[fixture.CurrentUser, { resolve: async () => ({ id: 7, name: "test double" }) }]] });
    expect(await (await app.request("/api/me")).json()).toBe("test double");
  });

  it("uses a provider in place of a resolver's own components", async () => {
    const tokens = { verify: () => ({ id: 2, name: "grace" }) };
    const app = createApp({ providers: [[fixture.TokenService, tokens]] });
    expect(await (await app.request("/api/me")).json()).toBe("grace");
  });

  it("stops startup when a resolver's constructor throws", () => {
    expect(() => createApp({ controllers: [fixture.BrokenController] })).toThrow("honest: new Broken() threw: no key configured");
  });

  it("generates the resolver's setup once per app and its await per request", () => {
    const output = compiled.output("src/controllers.ts");
    // The factory takes what it uses of createApp's inputs; the resolver's locals are named after its class.
    expect(output).toContain(
      "function __honest_route_ArticleController_create({ controller, settings, controllerMethod, component, trace }) {",
    );
    expect(output).toMatch(/const currentUserResolver = component\(__honest_import_resolvers\.CurrentUser\);/);
    expect(output).toMatch(
      /const id = __honest\.parseI64Param\(c\.req\.param\("id"\), "id"\);\s+trace\?\.phase\(c, "resolve CurrentUser"\);\s+const currentUser = await currentUserResolver\.resolve\(c\);\s+trace\?\.phase\(c, "read body"\);\s+const text = await __honest\.readJsonBody\(/,
    );
    expect(output).toContain("controllerMethod.call(controller, body, currentUser, id)");
    expect(output).toContain("controllerMethod.call(controller, tenant, c, currentUser)");
  });
});

describe("resolvers over a real socket", () => {
  let running: RunningServer;
  let port: number;
  beforeAll(async () => {
    running = serveForTest(createApp());
    ({ port } = await running.listening);
  });
  afterAll(() => running.close());

  it("answers 401 to a request with no token whatever its body", async () => {
    const response = await fetch(`http://127.0.0.1:${port}/api/articles/1`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{",
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ status: 401, detail: "a bearer token is required" });
  });
});
