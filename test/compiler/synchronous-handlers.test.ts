import { beforeAll, describe, expect, it, vi } from "vitest";
import type { Hono } from "hono";
import ts from "typescript";
import { compileFixture, type Compiled } from "../support/compile.js";

// A handler that never awaits is answered through a copy without `async`, so
// its route answers in the same turn (app.fetch returns a Response, not a
// promise) as a hand-written Hono handler would; everything a user can see
// must stay as if the async method itself had run.

const sources = {
  "src/base.ts": `
    export class Base {
      protected greeting(): string { return "hello"; }
    }
  `,
  "src/counter.ts": `
    import { Controller, Get, Post, HttpError, StatusCode } from "honest";
    import type { i64, Json, Path } from "honest";
    import { Base } from "./base.js";

    @Controller()
    export class CounterController extends Base {
      #count = 0;

      @Get("/now") async now(): Promise<Json<{ count: number }>> {
        return { count: this.#next() };
      }
      @Get("/later") async later(): Promise<Json<{ count: number }>> {
        await Promise.resolve();
        return { count: this.#next() };
      }
      @Get("/handed-on") async handedOn(): Promise<Json<{ count: number }>> {
        return this.later();
      }
      @Get("/maybe/{later}") async maybe(later: Path<boolean>): Promise<Json<{ count: number }>> {
        return later ? this.later() : { count: 0 };
      }
      @Get("/greeting") async greeting2(): Promise<Json<string>> {
        return super.greeting() + " from " + this.constructor.name;
      }
      @Get("/missing/{id}") async missing(id: Path<i64>): Promise<Json<string>> {
        if (id > 0n) throw new HttpError(StatusCode.NOT_FOUND, "item " + id + " not found");
        return "zero";
      }
      @Get("/broken") async broken(): Promise<Json<string>> {
        throw new Error("secret detail");
      }
      @Post("/reset/{to}") async reset(to: Path<number>, body: Json<{ by: string }>): Promise<StatusCode> {
        this.#count = to;
        return StatusCode.NO_CONTENT;
      }
      #next(): number {
        return ++this.#count;
      }
    }
  `,
  "src/app.ts": `
    import { createApp, type AppOptions } from "honest";
    export const build = (options: AppOptions = {}) => createApp({ log: false, ...options });
  `,
};

type Built = { build(options?: object): Hono };

let compiled: Compiled;
let app: Hono;

beforeAll(async () => {
  compiled = compileFixture("synchronous-handlers", sources);
  expect(compiled.diagnostics).toEqual([]);
  app = (await compiled.load<Built>("src/app.ts")).build();
});

const fetch = (target: Hono, path: string, init?: RequestInit) => target.fetch(new Request(`http://localhost${path}`, init));

describe("a handler that never awaits", () => {
  it("answers in the same turn, without a promise", async () => {
    const response = fetch(app, "/now");
    expect(response).toBeInstanceOf(Response);
    expect(await (response as Response).json()).toEqual({ count: expect.any(Number) });
  });

  it("keeps the controller's state and private methods", async () => {
    const first = await (fetch(app, "/now") as Response).json();
    const second = await (fetch(app, "/now") as Response).json();
    expect(second.count).toBe(first.count + 1);
  });

  it("reaches super and this as the method would", async () => {
    expect(await (fetch(app, "/greeting") as Response).json()).toBe("hello from CounterController");
  });

  it("answers an HttpError it throws with its problem document", async () => {
    const response = fetch(app, "/missing/7") as Response;
    expect(response.status).toBe(404);
    expect(response.headers.get("content-type")).toBe("application/problem+json");
    expect(await response.json()).toMatchObject({ status: 404, detail: "item 7 not found" });
    expect(await (fetch(app, "/missing/0") as Response).json()).toBe("zero");
  });

  it("answers any other error it throws with a 500 that tells nothing", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const response = await fetch(app, "/broken");
      expect(response.status).toBe(500);
      expect(await response.text()).not.toContain("secret");
      expect(log).toHaveBeenCalledOnce();
    } finally {
      log.mockRestore();
    }
  });

  it("still reads and checks its body first", async () => {
    const refused = await app.request("/reset/5", { method: "POST", headers: { "content-type": "application/json" }, body: '{"by":1}' });
    expect(refused.status).toBe(400);
    const accepted = await app.request("/reset/40", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: '{"by":"me"}',
    });
    expect(accepted.status).toBe(204);
    expect(await (fetch(app, "/now") as Response).json()).toEqual({ count: 41 });
  });

  it("is left as written for everything else that calls it", async () => {
    const { CounterController } = await compiled.load("src/counter.ts");
    const controller = new CounterController();
    const result = controller.now();
    expect(result).toBeInstanceOf(Promise);
    expect(await result).toEqual({ count: 1 });
    const rejected = controller.missing(1n);
    expect(rejected).toBeInstanceOf(Promise);
    await expect(rejected).rejects.toMatchObject({ status: 404 });
    expect(compiled.output("src/counter.ts")).toMatch(/async now\(\) \{/);
  });
});

describe("a handler that awaits, or returns a promise", () => {
  it.each(["/later", "/handed-on", "/maybe/true", "/maybe/false"])("%s is awaited as before", async (path) => {
    const response = fetch(app, path);
    expect(response).toBeInstanceOf(Promise);
    expect((await response).status).toBe(200);
    expect(await (await response).json()).toEqual({ count: expect.any(Number) });
  });

  it("gets no copy", () => {
    const output = compiled.output("src/counter.ts");
    expect(output).toContain("__honest_sync_now(");
    expect(output).not.toContain("__honest_sync_later(");
    expect(output).not.toContain("__honest_sync_handedOn(");
    expect(output).not.toContain("__honest_sync_maybe(");
  });
});

describe("a controller the providers replace", () => {
  it("serves the replacement's own handler, not the copy", async () => {
    const { CounterController } = await compiled.load("src/counter.ts");
    class Replaced extends CounterController {
      async now() {
        return { count: -1 };
      }
    }
    const replaced = (await compiled.load<Built>("src/app.ts")).build({ providers: [[CounterController, new Replaced()]] });
    expect(await (await fetch(replaced, "/now")).json()).toEqual({ count: -1 });
    // Handlers it does not replace still answer in the same turn.
    expect(fetch(replaced, "/missing/0")).toBeInstanceOf(Response);
  });

  it("calls a spy installed on the handler after the module loaded", async () => {
    const { CounterController } = await compiled.load("src/counter.ts");
    const spy = vi.spyOn(CounterController.prototype, "now");
    try {
      const spied = (await compiled.load<Built>("src/app.ts")).build();
      expect((await fetch(spied, "/now")).status).toBe(200);
      expect(spy).toHaveBeenCalledOnce();
    } finally {
      spy.mockRestore();
    }
    expect(fetch((await compiled.load<Built>("src/app.ts")).build(), "/now")).toBeInstanceOf(Response);
  });

  it("serves a test double that is not a subclass", async () => {
    const { CounterController } = await compiled.load("src/counter.ts");
    const double = { now: () => ({ count: 99 }) };
    const doubled = (await compiled.load<Built>("src/app.ts")).build({ providers: [[CounterController, double]] });
    expect(await (await fetch(doubled, "/now")).json()).toEqual({ count: 99 });
  });
});

describe("output the copy must survive", () => {
  it("private methods lowered for an older target", async () => {
    const lowered = compileFixture("synchronous-handlers-es2020", sources, { target: ts.ScriptTarget.ES2020 });
    expect(lowered.diagnostics).toEqual([]);
    expect(lowered.output("src/counter.ts")).toContain("__classPrivateFieldGet");
    const loweredApp = (await lowered.load<Built>("src/app.ts")).build();
    const response = fetch(loweredApp, "/now");
    expect(response).toBeInstanceOf(Response);
    expect(await (response as Response).json()).toEqual({ count: 1 });
  });

  it("a decorator of the user's own on the handler: no copy, the decorated method runs", async () => {
    const decorated = compileFixture("synchronous-handlers-decorated", {
      "src/decorated.ts": `
        import { Controller, Get } from "honest";
        import type { Json } from "honest";
        function twice(method: (this: unknown) => Promise<number>, _context: ClassMethodDecoratorContext) {
          return async function (this: unknown) { return 2 * (await method.call(this)); };
        }
        @Controller()
        export class DecoratedController {
          @twice @Get("/n") async n(): Promise<Json<number>> { return 21; }
        }
      `,
      "src/app.ts": `import { createApp } from "honest";\nexport const app = createApp({ log: false });\n`,
    });
    expect(decorated.diagnostics).toEqual([]);
    expect(decorated.output("src/decorated.ts")).not.toContain("__honest_sync_");
    const { app: decoratedApp } = await decorated.load<{ app: Hono }>("src/app.ts");
    expect(await (await decoratedApp.request("/n")).json()).toBe(42);
  });
});
