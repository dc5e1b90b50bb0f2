import { beforeAll, describe, expect, it } from "vitest";
import type { Hono } from "hono";
import { compileFixture, type Compiled } from "../support/compile.js";
import { HonestCode } from "../support/honest-codes.js";

// docs/guide/controllers-and-routes.md, "Controllers and routes": Inject<T> fields on controllers and components, one instance per
// application, filled before the first request; providers replace
// components; a cycle or a component that `new T()` cannot build is an
// error when the app is built, naming the chain of fields.

type CreateApp = (options?: Record<string, unknown>) => Hono;

let compiled: Compiled;
let createApp: CreateApp;
let components: Record<string, new () => any>;

beforeAll(async () => {
  compiled = compileFixture("injection", {
    "src/clock.ts": `
      export class Clock {
        static created = 0;
        constructor() { Clock.created++; }
        now(): number { return 1000; }
      }
    `,
    "src/greeter.ts": `
      import type { Inject } from "honest";
      import { Clock } from "./clock.js";
      export abstract class Base {
        clock!: Inject<Clock>;
      }
      export class Greeter extends Base {
        static created = 0;
        constructor() { super(); Greeter.created++; }
        greet(name: string): string { return \`hello \${name} at \${this.clock.now()}\`; }
      }
    `,
    "src/cycle.ts": `
      import type { Inject } from "honest";
      export class Chicken { declare readonly egg: Inject<Egg>; }
      export class Egg { declare readonly chicken: Inject<Chicken>; }
    `,
    "src/needs-arguments.ts": `
      import type { Inject } from "honest";
      export class Database { constructor(readonly url: string) {} }
      export class Repository { declare readonly db: Inject<Database>; }
    `,
    "src/controllers.ts": `
      import { Controller, Get } from "honest";
      import type { Inject, Json } from "honest";
      import { Greeter } from "./greeter.js";
      import * as clocks from "./clock.js";
      import { Chicken } from "./cycle.js";
      import { Repository } from "./needs-arguments.js";

      @Controller()
      export class GreetController {
        declare readonly greeter: Inject<Greeter>;
        readonly clock!: Inject<clocks.Clock>;
        @Get("/greet") async greet(): Promise<Json<{ text: string; sameClock: boolean }>> {
          return { text: this.greeter.greet("ada"), sameClock: this.clock === this.greeter.clock };
        }
      }

      @Controller()
      export class CycleController {
        declare readonly chicken: Inject<Chicken>;
        @Get("/cycle") async get(): Promise<Json<string>> { return "never"; }
      }

      @Controller()
      export class RepositoryController {
        declare readonly repository: Inject<Repository>;
        @Get("/repository") async get(): Promise<Json<string>> { return this.repository.db.url; }
      }

      @Controller()
      export class LocalController {
        declare readonly local: Inject<LocalService>;
        @Get("/local") async get(): Promise<Json<string>> { return this.local.name; }
      }
      class LocalService { readonly name = "declared below the controller"; }
    `,
    "src/app.ts": `
      import { createApp, type AppOptions } from "honest";
      import { GreetController, LocalController } from "./controllers.js";
      export { Clock } from "./clock.js";
      export { Greeter } from "./greeter.js";
      export { Chicken, Egg } from "./cycle.js";
      export { Database, Repository } from "./needs-arguments.js";
      export * from "./controllers.js";
      export const app = (options: AppOptions = {}) => createApp({ controllers: [GreetController, LocalController], log: false, ...options });
    `,
  });
  // createApp's options are spread from a parameter, so providers may break these: warnings, not errors.
  const suffix = " (a warning, since some createApp() call's providers cannot be read at compile time)";
  expect(compiled.diagnostics).toEqual([
    {
      file: "src/cycle.ts",
      line: 4,
      code: HonestCode.DependencyCycle,
      category: "warning",
      message: `dependency cycle: Chicken.egg → Egg.chicken → Chicken; break it, or provide one of these components with createApp({ providers })${suffix}`,
    },
    {
      file: "src/needs-arguments.ts",
      line: 4,
      code: HonestCode.UnbuildableComponent,
      category: "warning",
      message: `Database cannot be built with new Database() (its constructor declares 1 parameter: url), needed by RepositoryController.repository → Repository.db; declare its dependencies as Inject<T> fields, or provide an instance with createApp({ providers: [[Database, instance]] })${suffix}`,
    },
  ]);
  const module = await compiled.load("src/app.ts");
  createApp = module.app;
  components = module as Record<string, new () => any>;
});

describe("injection", () => {
  it("fills controller and component fields, inherited ones included, with one instance per app", async () => {
    const app = createApp();
    expect(await (await app.request("/greet")).json()).toEqual({ text: "hello ada at 1000", sameClock: true });
    expect(await (await app.request("/local")).json()).toBe("declared below the controller");
  });

  it("builds every component once per app, when the app is built", () => {
    const { Clock, Greeter } = components as unknown as { Clock: { created: number }; Greeter: { created: number } };
    const [clocksBefore, greetersBefore] = [Clock.created, Greeter.created];
    const app = createApp();
    expect([Clock.created - clocksBefore, Greeter.created - greetersBefore]).toEqual([1, 1]);
    createApp();
    expect([Clock.created - clocksBefore, Greeter.created - greetersBefore]).toEqual([2, 2]);
    expect(app).toBeDefined();
  });

  it("uses providers in place of components, wherever they are injected", async () => {
    const { Clock } = components;
    const fixed = { now: () => 42 };
    const app = createApp({ providers: [[Clock, fixed]] });
    expect(await (await app.request("/greet")).json()).toEqual({ text: "hello ada at 42", sameClock: true });
  });

  it("reports a dependency cycle with the chain of fields", () => {
    const { CycleController } = components;
    expect(() => createApp({ controllers: [CycleController] })).toThrow(
      "honest: dependency cycle: Chicken.egg → Egg.chicken → Chicken; break it, or provide one of these components with createApp({ providers })",
    );
  });

  it("accepts a provider that breaks the cycle", async () => {
    const { CycleController, Egg } = components;
    const app = createApp({ controllers: [CycleController], providers: [[Egg, {}]] });
    expect((await app.request("/cycle")).status).toBe(200);
  });

  it("reports a component that new T() cannot build, with the chain that needs it", () => {
    const { RepositoryController } = components;
    expect(() => createApp({ controllers: [RepositoryController] })).toThrow(
      "honest: Database cannot be built with new Database() (its constructor declares 1 parameter(s)), needed by RepositoryController.repository → Repository.db; " +
        "declare its dependencies as Inject<T> fields, or provide an instance with createApp({ providers: [[Database, instance]] })",
    );
  });

  it("accepts an instance for such a component", async () => {
    const { RepositoryController, Database } = components as unknown as Record<string, new (url: string) => object>;
    const app = createApp({ controllers: [RepositoryController], providers: [[Database, new Database!("postgres://db")]] });
    expect(await (await app.request("/repository")).json()).toBe("postgres://db");
  });

  it("refuses a class that is not a compiled controller", () => {
    const { Clock } = components;
    expect(() => createApp({ controllers: [Clock] })).toThrow(
      "honest: Clock is not a controller: mark it with @Controller(), and build with honest. Either build with tspc",
    );
  });

  it("re-imports classes used only as types, whose imports TypeScript elides", () => {
    const output = compiled.output("src/controllers.ts");
    expect(output).not.toMatch(/^import \{ Greeter \}/m);
    expect(output).toContain('import * as __honest_import_greeter from "./greeter.js";');
    expect(output).toContain('["greeter", () => __honest_import_greeter.Greeter]');
    expect(output).toMatch(/\["clock", \(\) => __honest_import_\w+\.Clock\]/);
    expect(output).toContain('["local", () => LocalService]');
  });
});
