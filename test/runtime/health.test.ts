import { validate } from "@readme/openapi-parser";
import type { Hono } from "hono";
import type { AppOptions } from "honest";
import { afterEach, beforeAll, beforeEach, describe, expect, it, type MockInstance, vi } from "vitest";
import { compileFixture } from "../support/compile.js";
import { appServingDocument } from "../support/openapi-app.js";

// docs/guide/health.md, "Health": honest answers GET /livez and GET /readyz;
// readiness waits for every init(), runs each component's healthCheck()
// (named by its dependency path from a controller) at once, each bounded by
// the timeout, and turns 503 once shutdown begins. In process, through
// app.request, with each test deciding how the components' init() and checks go.

interface Control {
  /** What Database.init() waits for. */
  init: Promise<void>;
  /** What Database.healthCheck() does: pass, throw this message, hang, or wait for Cache's check to have begun. */
  database: "ok" | "hang" | "wait for cache" | { readonly fail: string };
  /** Cache.healthCheck() (synchronous) throws this message, when set. */
  cacheFault: string | undefined;
  /** Called by Cache.healthCheck() as it begins. */
  cacheChecked: () => void;
  /** What Database.healthCheck() waits for in "wait for cache". */
  cacheBegan: Promise<void>;
  /** What Cache.close() waits for. */
  close: Promise<void>;
  checks: number;
}

interface Fixture {
  build(options?: AppOptions): Hono;
  control: Control;
  ItemController: Function;
  ProbeController: Function;
  PageController: Function;
}

let fixture: Fixture;
let appReady: (app: object) => Promise<void>;
let closeApp: (app: object) => Promise<void>;
beforeAll(async () => {
  const compiled = compileFixture("health", {
    "src/components.ts": `
      import type { HealthCheck, Inject } from "honest";

      export const control = {
        init: Promise.resolve() as Promise<void>,
        database: "ok" as "ok" | "hang" | "wait for cache" | { readonly fail: string },
        cacheFault: undefined as string | undefined,
        cacheChecked: () => {},
        cacheBegan: Promise.resolve() as Promise<void>,
        close: Promise.resolve() as Promise<void>,
        checks: 0,
      };

      export class Database implements HealthCheck {
        async init(): Promise<void> {
          await control.init;
        }
        async healthCheck(): Promise<void> {
          control.checks++;
          const mode = control.database;
          if (mode === "hang") await new Promise(() => {});
          if (mode === "wait for cache") await control.cacheBegan;
          if (typeof mode === "object") throw new Error(mode.fail);
        }
      }

      export class ItemStore {
        declare readonly database: Inject<Database>;
      }

      export class Cache {
        healthCheck(): void {
          control.cacheChecked();
          if (control.cacheFault !== undefined) throw new Error(control.cacheFault);
        }
        async close(): Promise<void> {
          await control.close;
        }
      }
    `,
    "src/controllers.ts": `
      import { Controller, Get, type Inject, type Json, type Path } from "honest";
      import { Cache, ItemStore } from "./components.js";

      @Controller()
      export class ItemController {
        declare readonly store: Inject<ItemStore>;
        declare readonly cache: Inject<Cache>;
        @Get("/items")
        async list(): Promise<Json<string[]>> {
          return ["a"];
        }
      }

      @Controller()
      export class PageController {
        @Get("/{page}")
        async page(page: Path<string>): Promise<Json<string>> {
          return page;
        }
      }

      @Controller()
      export class ProbeController {
        @Get("/readyz")
        async ready(): Promise<Json<string>> {
          return "mine";
        }
      }
    `,
    "src/app.ts": `
      import { createApp, type AppOptions } from "honest";
      import { ItemController } from "./controllers.js";
      export { ItemController, PageController, ProbeController } from "./controllers.js";
      export { control } from "./components.js";
      export const build = (options: AppOptions = {}) => createApp({ controllers: [ItemController], log: false, ...options });
    `,
  });
  expect(compiled.diagnostics).toEqual([]);
  fixture = await compiled.load<Fixture>("src/app.ts");
  ({ appReady, closeApp } = await import("honest"));
});

let errors: MockInstance;
beforeEach(() => {
  errors = vi.spyOn(console, "error").mockImplementation(() => {});
  Object.assign(fixture.control, {
    init: Promise.resolve(),
    database: "ok",
    cacheFault: undefined,
    cacheChecked: () => {},
    cacheBegan: Promise.resolve(),
    close: Promise.resolve(),
    checks: 0,
  });
});
afterEach(() => {
  vi.restoreAllMocks();
});

async function probe(app: Hono, path: string, method = "GET"): Promise<{ status: number; body: unknown; headers: Headers }> {
  const response = await app.request(path, { method });
  const text = await response.text();
  return { status: response.status, body: text === "" ? undefined : JSON.parse(text), headers: response.headers };
}

const STORE = "ItemController → ItemStore → Database";
const CACHE = "ItemController → Cache";

describe("readiness", () => {
  it("is 503 while init() runs, answered at once, and 200 naming each check by its dependency path once it has finished", async () => {
    let release!: () => void;
    fixture.control.init = new Promise((resolve) => (release = resolve));
    const app = fixture.build();
    expect(await probe(app, "/readyz")).toMatchObject({ status: 503, body: { status: "starting" } });
    expect(await probe(app, "/livez")).toMatchObject({ status: 200, body: { status: "live" } });
    expect(fixture.control.checks).toBe(0); // no check runs before its component is ready
    release();
    await appReady(app);
    const ready = await probe(app, "/readyz");
    expect(ready).toMatchObject({ status: 200, body: { status: "ready", checks: { [STORE]: "ok", [CACHE]: "ok" } } });
    expect(ready.headers.get("content-type")).toBe("application/json");
    expect(ready.headers.get("cache-control")).toBe("no-store");
    expect(Object.keys((ready.body as { checks: object }).checks)).toEqual([STORE, CACHE]); // dependencies first, as built
  });

  it("answers HEAD with the status and no body", async () => {
    const app = fixture.build();
    await appReady(app);
    expect(await probe(app, "/readyz", "HEAD")).toMatchObject({ status: 200, body: undefined });
    fixture.control.cacheFault = "evicted";
    expect(await probe(app, "/readyz", "HEAD")).toMatchObject({ status: 503, body: undefined });
    expect(await probe(app, "/livez", "HEAD")).toMatchObject({ status: 200, body: undefined });
  });

  it("is 503 while a check fails, naming it and its reason without a stack, logged once, and 200 again once it passes", async () => {
    const app = fixture.build();
    await appReady(app);
    fixture.control.database = { fail: "connect ECONNREFUSED 10.0.0.5:5432" };
    const failing = await probe(app, "/readyz");
    expect(failing).toMatchObject({
      status: 503,
      body: { status: "not ready", checks: { [STORE]: "failed: connect ECONNREFUSED 10.0.0.5:5432", [CACHE]: "ok" } },
    });
    expect(JSON.stringify(failing.body)).not.toContain("    at ");
    await probe(app, "/readyz");
    fixture.control.database = "ok";
    expect(await probe(app, "/readyz")).toMatchObject({ status: 200 });
    expect(errors.mock.calls).toEqual([
      [`honest: health check ${STORE} failed: connect ECONNREFUSED 10.0.0.5:5432`],
      [`honest: health check ${STORE} passes again`],
    ]);
  });

  it("counts a check that throws synchronously as failed", async () => {
    const app = fixture.build();
    await appReady(app);
    fixture.control.cacheFault = "the cache is full";
    expect(await probe(app, "/readyz")).toMatchObject({
      status: 503,
      body: { checks: { [STORE]: "ok", [CACHE]: "failed: the cache is full" } },
    });
  });

  it("counts a check that takes longer than the timeout as failed, saying so, and answers by then", async () => {
    const app = fixture.build({ health: { timeout: 150 } });
    await appReady(app);
    fixture.control.database = "hang";
    const asked = Date.now();
    expect(await probe(app, "/readyz")).toMatchObject({
      status: 503,
      body: { status: "not ready", checks: { [STORE]: "failed: no answer within 150 ms", [CACHE]: "ok" } },
    });
    expect(Date.now() - asked).toBeLessThan(1_000);
  });

  it("runs the checks at once, not one after another", async () => {
    const app = fixture.build({ health: { timeout: 2_000 } });
    await appReady(app);
    // Database's check, which runs first, finishes only once Cache's has begun.
    fixture.control.cacheBegan = new Promise((resolve) => (fixture.control.cacheChecked = resolve));
    fixture.control.database = "wait for cache";
    expect(await probe(app, "/readyz")).toMatchObject({ status: 200, body: { checks: { [STORE]: "ok", [CACHE]: "ok" } } });
  });

  it("gives probes that come while the checks run the same answer, running each check once", async () => {
    const app = fixture.build();
    await appReady(app);
    const answers = await Promise.all([probe(app, "/readyz"), probe(app, "/readyz"), probe(app, "/readyz")]);
    expect(answers.map(({ status }) => status)).toEqual([200, 200, 200]);
    expect(fixture.control.checks).toBe(1);
  });

  it("turns 503 as soon as closeApp begins, while the components close", async () => {
    let release!: () => void;
    fixture.control.close = new Promise((resolve) => (release = resolve));
    const app = fixture.build();
    await appReady(app);
    expect((await probe(app, "/readyz")).status).toBe(200);
    const closing = closeApp(app);
    expect(await probe(app, "/readyz")).toMatchObject({ status: 503, body: { status: "stopping" } });
    expect(await probe(app, "/livez")).toMatchObject({ status: 200, body: { status: "live" } });
    release();
    await closing;
    expect((await probe(app, "/readyz")).status).toBe(503);
  });

  it("after an init() failed, says so at both probes, with its reason", async () => {
    fixture.control.init = Promise.reject(new Error("the schema is 3 migrations behind"));
    const app = fixture.build();
    await expect(appReady(app)).rejects.toThrow();
    const reason = "honest: Database.init() failed, building ItemController.store → ItemStore.database: the schema is 3 migrations behind";
    expect(await probe(app, "/readyz")).toMatchObject({ status: 503, body: { status: "failed", reason } });
    expect(await probe(app, "/livez")).toMatchObject({ status: 503, body: { status: "failed", reason } });
  });

  it("is 200 with no checks when no component has one", async () => {
    const app = fixture.build({ controllers: [fixture.ProbeController], health: { ready: "/ready" } });
    expect(await probe(app, "/ready")).toMatchObject({ status: 200, body: { status: "ready", checks: {} } });
  });
});

describe("the probes' routes", () => {
  it("are answered outside the app's middleware: a probe needs no token", async () => {
    const app = fixture.build({ use: [async (c) => c.text("sign in first", 401)] });
    await appReady(app);
    expect((await app.request("/items")).status).toBe(401);
    expect((await probe(app, "/readyz")).status).toBe(200);
    expect((await probe(app, "/livez")).status).toBe(200);
  });

  it("answer other methods 405, allowing GET and HEAD", async () => {
    const app = fixture.build();
    const response = await app.request("/readyz", { method: "POST" });
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("GET, HEAD");
  });

  it("are at the paths given", async () => {
    const app = fixture.build({ health: { live: "/health/live", ready: "/health/ready" } });
    await appReady(app);
    expect(await probe(app, "/health/live")).toMatchObject({ status: 200, body: { status: "live" } });
    expect(await probe(app, "/health/ready")).toMatchObject({ status: 200, body: { status: "ready" } });
    expect((await app.request("/livez")).status).toBe(404);
    expect((await app.request("/readyz")).status).toBe(404);
  });

  it("are not there with health: false", async () => {
    const printed: string[] = [];
    const app = fixture.build({ health: false, log: (text) => printed.push(text) });
    expect((await app.request("/livez")).status).toBe(404);
    expect((await app.request("/readyz")).status).toBe(404);
    expect(printed).toEqual(["Route mappings:\n  GET /items → ItemController"]);
  });

  it("are listed in the route table after the controllers' routes", () => {
    const printed: string[] = [];
    fixture.build({ log: (text) => printed.push(text), health: { ready: "/health/ready" } });
    expect(printed).toEqual([
      [
        "Route mappings:",
        "  GET /items        → ItemController",
        "  GET /livez        → Liveness probe",
        "  GET /health/ready → Readiness probe",
      ].join("\n"),
    ]);
  });

  it("refuse to start when a controller's route takes a probe's path, naming both", () => {
    expect(() => fixture.build({ controllers: [fixture.ItemController, fixture.ProbeController] })).toThrow(
      "honest: createApp({ health }) serves the readiness probe at GET /readyz, which ProbeController.ready (GET /readyz) answers too. " +
        "Give health.ready another path, or move the route.",
    );
    const app = fixture.build({ controllers: [fixture.ItemController, fixture.ProbeController], health: { ready: "/ready" } });
    expect(app).toBeDefined();
  });

  it("refuse to start when a route with a placeholder matches a probe's path", () => {
    expect(() => fixture.build({ controllers: [fixture.PageController] })).toThrow(
      "honest: createApp({ health }) serves the liveness probe at GET /livez, which PageController.page (GET /{page}) answers too. " +
        "Give health.live another path, or move the route.",
    );
  });

  it("refuse paths that are not plain, one path for both, and a timeout below 1 ms", () => {
    expect(() => fixture.build({ health: { ready: "/ready/{x}" } })).toThrow(
      'honest: createApp({ health: { ready: "/ready/{x}" } }): a path starts with "/"',
    );
    expect(() => fixture.build({ health: { live: "/up", ready: "/up" } })).toThrow(
      'honest: createApp({ health }) answers liveness and readiness at "/up" both; give them two paths',
    );
    expect(() => fixture.build({ health: { timeout: 0 } })).toThrow(
      "honest: createApp({ health: { timeout } }) must be a whole number of ms from 1 up; got 0",
    );
  });
});

describe("the OpenAPI document", () => {
  async function documentOf(app: Hono): Promise<{ paths: Record<string, Record<string, { operationId?: string; security?: unknown }>> }> {
    return (await app.request("/openapi.json")).json();
  }

  it("leaves the probes out unless asked", async () => {
    const document = await documentOf(appServingDocument({ openapi: {} }));
    expect(Object.keys(document.paths)).not.toContain("/livez");
    expect(Object.keys(document.paths)).not.toContain("/readyz");
  });

  it("lists them with health: { document: true }, at their paths, needing no credentials, and stays valid", async () => {
    const document = await documentOf(appServingDocument({ openapi: {}, health: { document: true, ready: "/health/ready" } }));
    expect(document.paths["/livez"]!.get).toMatchObject({ operationId: "liveness", security: [] });
    expect(document.paths["/health/ready"]!.get).toMatchObject({ operationId: "readiness", security: [] });
    expect(Object.keys(document.paths["/health/ready"]!.get as object)).toContain("responses");
    expect(await validate(structuredClone(document) as Parameters<typeof validate>[0])).toEqual({
      valid: true,
      warnings: [],
      specification: "OpenAPI",
    });
  });

  it("refuses health: { document: true } in an app serving no document", () => {
    expect(() => fixture.build({ health: { document: true } })).toThrow(
      "honest: createApp({ health: { document: true } }) lists the probes in the OpenAPI document the app serves, and this app serves none; " +
        "add openapi: {} to serve it, or leave document out",
    );
  });

  it("refuses a probe at the document's path", () => {
    expect(() => appServingDocument({ openapi: {}, health: { live: "/openapi.json" } })).toThrow(
      "honest: createApp({ health }) serves the liveness probe at GET /openapi.json, where createApp({ openapi }) serves the OpenAPI document; " +
        "give health.live another path",
    );
  });
});
