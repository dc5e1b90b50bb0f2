import { afterEach, beforeAll, beforeEach, describe, expect, it, type MockInstance, vi } from "vitest";
import type { Hono } from "hono";
import { compileFixture, type Compiled } from "../support/compile.js";
import { problem } from "../support/problem.js";

// docs/guide/request-scope.md, "Work that lives for one request": a
// @PerRequest() component is built for a request the first time something
// reads it there, shared by everything that reads it in that request (a
// controller's and a service's Current<T> fields, another per-request
// component's Inject<T>), and closed once the answer is built, before it is
// sent, told how the request ended; a close() that fails on a 2xx answers
// 500 instead. Routes whose components reach no per-request one are built
// as they always were.

type CreateApp = (options?: Record<string, unknown>) => Hono;

interface Fixture {
  readonly ends: string[];
  readonly seen: { id(): number }[];
  readonly UnitOfWork: (new () => object) & { built: number; failNext: unknown };
  readonly Pool: new () => { events: string[] };
}

let compiled: Compiled;
let createApp: CreateApp;
let fixture: Fixture;

beforeAll(async () => {
  compiled = compileFixture("request-scope", {
    "src/work.ts": `
      import { PerRequest } from "honest";
      import type { Inject, RequestEnd } from "honest";

      /** What each close(end) heard, in order: "UnitOfWork#1 answered 201". */
      export const ends: string[] = [];

      export class Pool {
        events: string[] = [];
        init() { this.events.push("init"); }
        close() { this.events.push("close"); }
      }

      @PerRequest()
      export class UnitOfWork {
        static built = 0;
        static failNext: unknown = undefined;
        declare readonly pool: Inject<Pool>;
        declare readonly audit: Inject<Audit>;
        readonly id = ++UnitOfWork.built;
        async close(end: RequestEnd) {
          await new Promise((resolve) => setTimeout(resolve, 5));
          ends.push(\`UnitOfWork#\${this.id} \${describe(end)}\`);
          const failure = UnitOfWork.failNext;
          UnitOfWork.failNext = undefined;
          if (failure !== undefined) throw failure;
        }
      }

      /** Built by UnitOfWork (an Inject<T> between per-request components), so closed after it. */
      @PerRequest()
      export class Audit {
        static built = 0;
        readonly id = ++Audit.built;
        close(end: RequestEnd) { ends.push(\`Audit#\${this.id} \${describe(end)}\`); }
      }

      function describe(end: RequestEnd): string {
        if (end.outcome === "gone") return "gone";
        const error = "error" in end && end.error !== undefined ? \` (\${(end.error as Error).message ?? String(end.error)})\` : "";
        return \`\${end.outcome} \${end.status}\${error}\`;
      }
    `,
    "src/items.ts": `
      import { Controller, Get, Post, HttpError } from "honest";
      import type { Current, From, Inject, Json, Path } from "honest";
      import type { Context } from "hono";
      import { UnitOfWork } from "./work.js";

      export const seen: ItemService[] = [];

      export class ItemService {
        declare readonly work: Current<UnitOfWork>;
        id(): number { return this.work.id; }
      }

      export class Owner {
        declare readonly work: Current<UnitOfWork>;
        resolve(c: Context): string { return \`\${c.req.header("x-owner") ?? "nobody"}@\${this.work.id}\`; }
      }

      export interface NewItem { name: string }

      @Controller()
      export class ItemController {
        declare readonly items: Inject<ItemService>;
        declare readonly work: Current<UnitOfWork>;

        @Post("/items")
        async create(item: Json<NewItem>): Promise<Json<{ name: string; controller: number; service: number }, 201>> {
          seen.push(this.items);
          return { name: item.name, controller: this.work.id, service: this.items.id() };
        }

        @Get("/slow/{ms}")
        async slow(ms: Path<number>): Promise<Json<number[]>> {
          const before = this.work.id;
          await new Promise((resolve) => setTimeout(resolve, ms));
          return [before, this.items.id()];
        }

        @Get("/missing")
        async missing(): Promise<Json<number>> {
          this.work.id;
          throw new HttpError(404, "no such item");
        }

        @Get("/broken")
        async broken(): Promise<Json<number>> {
          this.work.id;
          throw new Error("the disk is full");
        }

        @Get("/untouched")
        async untouched(): Promise<Json<string>> { return "nothing read"; }

        @Get("/owner")
        async owner(owner: From<Owner>): Promise<Json<string[]>> { return [owner, String(this.work.id)]; }
      }

      @Controller()
      export class PlainController {
        @Get("/plain") async plain(): Promise<Json<string>> { return "plain"; }
      }
    `,
    "src/app.ts": `
      import { createApp } from "honest";
      import type { AppOptions } from "honest";
      export const build = (options: AppOptions = {}) => createApp({ log: false, ...options });
    `,
  });
  expect(compiled.diagnostics).toEqual([]);
  createApp = (await compiled.load<{ build: CreateApp }>("src/app.ts")).build;
  fixture = { ...(await compiled.load<Fixture>("src/work.ts")), ...(await compiled.load<Pick<Fixture, "seen">>("src/items.ts")) };
});

let errors: MockInstance;
beforeEach(() => {
  fixture.ends.length = 0;
  errors = vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
});

const post = (app: Hono, body: unknown) =>
  app.request("/items", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });

describe("a per-request component", () => {
  it("is one instance for a request, read by the controller and a service alike, and another for the next", async () => {
    const app = createApp();
    const first = await (await post(app, { name: "pen" })).json();
    const second = await (await post(app, { name: "ink" })).json();
    expect(first.controller).toBe(first.service);
    expect(second.controller).toBe(second.service);
    expect(second.controller).not.toBe(first.controller);
  });

  it("is a different instance for each of two requests whose awaits interleave", async () => {
    const app = createApp();
    const [slow, quick] = await Promise.all([app.request("/slow/40"), app.request("/slow/1")]);
    const [slowBefore, slowAfter] = await slow.json();
    const [quickBefore, quickAfter] = await quick.json();
    expect(slowAfter).toBe(slowBefore);
    expect(quickAfter).toBe(quickBefore);
    expect(quickBefore).not.toBe(slowBefore);
  });

  it("is built only when read: a route that reaches it but does not read it builds and closes nothing", async () => {
    const app = createApp();
    const before = fixture.UnitOfWork.built;
    expect(await (await app.request("/untouched")).json()).toBe("nothing read");
    expect(fixture.UnitOfWork.built).toBe(before);
    expect(fixture.ends).toEqual([]);
  });

  it("reaches a resolver through its Current<T> field: the same instance the handler reads", async () => {
    const app = createApp();
    const [owner, id] = await (await app.request("/owner", { headers: { "x-owner": "ada" } })).json();
    expect(owner).toBe(`ada@${id}`);
  });

  it("read where no request is being handled, throws an error naming the field and what to do", async () => {
    const app = createApp();
    await post(app, { name: "pen" });
    const service = fixture.seen.at(-1)!;
    expect(() => service.id()).toThrow(
      "honest: ItemService.work reads this request's UnitOfWork, and no request is being handled here (a component's init() or close(), " +
        "code run at startup, or a route whose components reach no per-request one); read it in code that handles a request, or take " +
        'what this code needs through an Inject<T> field (docs/guide/request-scope.md, "Reading it where no request exists")',
    );
  });
});

describe("close(end)", () => {
  it("runs before the answer is returned, the last built first, each told the request was answered with its status", async () => {
    const app = createApp();
    const response = await post(app, { name: "pen" });
    // By the time the answer is out, every close() has finished.
    expect(fixture.ends).toHaveLength(2);
    const { controller } = await response.json();
    expect(response.status).toBe(201);
    expect(fixture.ends).toEqual([`UnitOfWork#${controller} answered 201`, expect.stringMatching(/^Audit#\d+ answered 201$/)]);
  });

  it("hears a refusal: an HttpError's 404, with the error", async () => {
    const response = await createApp().request("/missing");
    expect(response.status).toBe(404);
    expect(fixture.ends).toEqual([
      expect.stringMatching(/^UnitOfWork#\d+ refused 404 \(no such item\)$/),
      expect.stringMatching(/ refused 404/),
    ]);
  });

  it("hears a failed check: a body that is not a NewItem is refused 400, and nothing was built before the check", async () => {
    const response = await post(createApp(), { name: 42 });
    expect(response.status).toBe(400);
    // The handler never ran, so nothing read the unit of work: there is nothing to close.
    expect(fixture.ends).toEqual([]);
  });

  it("hears a fault as failed 500, with the error, after the fault is logged", async () => {
    const response = await createApp().request("/broken");
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual(problem(500, "Internal Server Error", "the server failed to complete the request"));
    expect(fixture.ends).toEqual([
      expect.stringMatching(/^UnitOfWork#\d+ failed 500 \(the disk is full\)$/),
      expect.stringMatching(/^Audit#\d+ failed 500 \(the disk is full\)$/),
    ]);
    expect(errors).toHaveBeenCalledWith(
      expect.stringMatching(/^honest: GET \/broken failed with an unhandled error \(request [0-9a-f-]{36}\):$/),
      expect.any(Error),
    );
  });

  it("that throws on a 2xx turns the answer into a 500: the client never sees the 201, and the fault is logged", async () => {
    fixture.UnitOfWork.failNext = new Error("could not commit");
    const response = await post(createApp(), { name: "pen" });
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual(problem(500, "Internal Server Error", "the server failed to complete the request"));
    // What was built before it is told the request failed, with the commit's error.
    expect(fixture.ends).toEqual([
      expect.stringMatching(/^UnitOfWork#\d+ answered 201$/),
      expect.stringMatching(/^Audit#\d+ failed 500 \(could not commit\)$/),
    ]);
    expect(errors).toHaveBeenCalledWith(
      expect.stringMatching(/^honest: POST \/items failed with an unhandled error \(request [0-9a-f-]{36}\):$/),
      new Error("could not commit"),
    );
  });

  it("that throws an HttpError on a 2xx answers with its status: a conflict found at commit is a 409", async () => {
    const { HttpError } = await import("honest");
    fixture.UnitOfWork.failNext = new HttpError(409, "an item of that name exists");
    const response = await post(createApp(), { name: "pen" });
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual(problem(409, "Conflict", "an item of that name exists"));
  });

  it("that throws on a refusal leaves the refusal as it was, and is logged", async () => {
    fixture.UnitOfWork.failNext = new Error("could not roll back");
    const response = await createApp().request("/missing");
    expect(response.status).toBe(404);
    expect(errors).toHaveBeenCalledWith(
      expect.stringMatching(
        /^honest: UnitOfWork\.close\(\) failed after GET \/missing \(ItemController\.missing\) ended \(refused, 404\) \(request [0-9a-f-]{36}\):$/,
      ),
      new Error("could not roll back"),
    );
  });
});

describe("providers", () => {
  it("an instance given for a per-request component serves each request, and hears each request's end", async () => {
    const ends: string[] = [];
    const double = { id: 7, close: (end: { outcome: string }) => ends.push(end.outcome) };
    const app = createApp({ providers: [[fixture.UnitOfWork, double]] });
    expect(await (await post(app, { name: "pen" })).json()).toEqual({ name: "pen", controller: 7, service: 7 });
    await app.request("/missing");
    expect(ends).toEqual(["answered", "refused"]);
  });

  it("an app-wide instance built by hand is started and closed by the app, as one it builds", async () => {
    const { appReady, closeApp } = await import("honest");
    const pool = new fixture.Pool();
    const app = createApp({ providers: [[fixture.Pool, pool]] });
    await appReady(app);
    expect(pool.events).toEqual(["init"]);
    await closeApp(app);
    expect(pool.events).toEqual(["init", "close"]);
  });
});

describe("the generated code", () => {
  it("marks only the routes whose components reach a per-request component; the others are as they always were", () => {
    const output = compiled.output("src/items.ts");
    const definitions = output.split("\n").filter((line) => line.includes("method:"));
    expect(definitions.filter((line) => line.includes("requestScope: true")).map((line) => /path: "([^"]+)"/.exec(line)![1])).toEqual([
      "/items",
      "/slow/{ms}",
      "/missing",
      "/broken",
      "/untouched",
      "/owner",
    ]);
    expect(definitions.find((line) => line.includes('"/plain"'))).toBe(
      '        { method: "GET", path: "/plain", member: "plain", operationId: "PlainController_plain", synchronous: true, handler: __honest_route_PlainController_plain }',
    );
  });

  it("registers a per-request component and the Current<T> fields that read it", () => {
    expect(compiled.output("src/work.ts")).toContain("__honest.definePerRequest(UnitOfWork);");
    expect(compiled.output("src/items.ts")).toContain('["work", () => __honest_import_work.UnitOfWork, "current"]');
  });
});
