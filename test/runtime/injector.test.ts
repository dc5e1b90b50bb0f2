import { describe, expect, it } from "vitest";
import { defineInjections } from "../../runtime/injection/injections.js";
import { InjectionError, Injector } from "../../runtime/injection/injector.js";

// The injector on its own, with injections recorded as the transformer
// records them.

/** An async close() or init() that records its start, pauses, and records its end, so two that overlapped would interleave. */
function pausedStep(events: string[], begins: string, ends: string): () => Promise<void> {
  return async () => {
    events.push(begins);
    await new Promise((resolve) => setTimeout(resolve, 5));
    events.push(ends);
  };
}

type Component = new () => object;

/** Controller injects Repository and Provided; Repository injects Database and Cache. */
function injectRepositoryAndProvided(classes: Record<"Controller" | "Repository" | "Database" | "Cache" | "Provided", Component>): void {
  defineInjections(classes.Repository, [
    ["db", () => classes.Database],
    ["cache", () => classes.Cache],
  ]);
  defineInjections(classes.Controller, [
    ["repository", () => classes.Repository],
    ["provided", () => classes.Provided],
  ]);
}

/** An injector that has built a Controller injecting `repository`, which injects `database` as db. */
function builtChain(repository: Component, database: Component): Injector {
  class Controller {}
  defineInjections(repository, [["db", () => database]]);
  defineInjections(Controller, [["repository", () => repository]]);
  const injector = new Injector();
  injector.get(Controller);
  return injector;
}

describe("Injector", () => {
  it("reports a field whose class is missing at run time, naming the chain", () => {
    class Controller {}
    class Service {}
    defineInjections(Controller, [["service", () => Service]]);
    defineInjections(Service, [["repository", () => undefined]]);
    const injector = new Injector();
    expect(() => injector.get(Controller)).toThrow(InjectionError);
    expect(() => new Injector().get(Controller)).toThrow(
      "honest: missing component at Controller.service → Service.repository: the field's class is undefined at run time " +
        "(an import cycle between modules can cause this; break it, or provide the instance with createApp({ providers }))",
    );
  });

  it("shares one instance among every class that injects it", () => {
    class Shared {}
    class A {}
    class B {}
    class Root {}
    defineInjections(A, [["shared", () => Shared]]);
    defineInjections(B, [["shared", () => Shared]]);
    defineInjections(Root, [
      ["a", () => A],
      ["b", () => B],
    ]);
    const root = new Injector().get(Root) as unknown as { a: { shared: object }; b: { shared: object } };
    expect(root.a.shared).toBeInstanceOf(Shared);
    expect(root.a.shared).toBe(root.b.shared);
  });

  it("refuses a provider that is not a [Class, instance] pair", () => {
    expect(() => new Injector([["NotAClass" as never, {}]])).toThrow(
      "honest: a provider must be a pair [ComponentClass, instance]; got string as the class",
    );
  });

  it("reports a constructor that throws, with the chain that needed the component and the error as its cause", () => {
    const reason = new Error("no database at db:5432");
    class Database {
      constructor() {
        throw reason;
      }
    }
    class Repository {}
    class Controller {}
    defineInjections(Repository, [["db", () => Database]]);
    defineInjections(Controller, [["repository", () => Repository]]);
    let thrown: unknown;
    try {
      new Injector().get(Controller);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(InjectionError);
    expect((thrown as Error).message).toBe(
      "honest: new Database() threw, building Controller.repository → Repository.db: no database at db:5432",
    );
    expect((thrown as Error).cause).toBe(reason);
  });

  it("refuses a provider that gives a class, or no object at all, instead of an instance", () => {
    class Store {}
    expect(() => new Injector([[Store, Store]])).toThrow(
      "honest: the provider for Store gives the class Store, not an instance of it; write [Store, new Store()]",
    );
    expect(() => new Injector([[Store, undefined as never]])).toThrow(
      "honest: the provider for Store gives undefined; give an instance: createApp({ providers: [[Store, instance]] })",
    );
    expect(() => new Injector([[Store, 42 as never]])).toThrow("honest: the provider for Store gives number;");
  });

  it("accepts any object as a provider's instance, a plain test double included", () => {
    class Store {
      all(): string[] {
        return ["real"];
      }
    }
    class Controller {}
    defineInjections(Controller, [["store", () => Store]]);
    const double = { all: () => ["double"] };
    const injector = new Injector([[Store, double]]);
    expect((injector.get(Controller) as unknown as { store: unknown }).store).toBe(double);
    expect(() => injector.checkProvidersUsed()).not.toThrow();
  });

  it("refuses a provider for a class nothing injects, naming what the app does use", () => {
    class Store {}
    class Typo {}
    class Controller {}
    defineInjections(Controller, [["store", () => Store]]);
    const injector = new Injector([[Typo, new Typo()]]);
    injector.get(Controller);
    expect(() => injector.checkProvidersUsed()).toThrow(
      "honest: createApp({ providers }) replaces Typo, which no mounted controller injects; remove that provider or provide the class you meant (the app uses: Controller, Store)",
    );
  });

  it("closes what it built and what was provided, dependents before their dependencies, one at a time", async () => {
    const events: string[] = [];
    const closing = (name: string) =>
      class {
        close = pausedStep(events, `${name} closing`, `${name} closed`);
      };
    const [Database, Cache, Provided, Repository] = ["Database", "Cache", "Provided", "Repository"].map(closing);
    class Controller {}
    injectRepositoryAndProvided({ Controller, Repository, Database, Cache, Provided });
    const injector = new Injector([[Provided, new Provided()]]);
    injector.get(Controller);
    expect(await injector.close()).toEqual([]);
    // A provided instance is closed as the dependency it is, where it was first needed (docs/guide/request-scope.md, "Components built by hand").
    expect(events).toEqual([
      "Provided closing",
      "Provided closed",
      "Repository closing",
      "Repository closed",
      "Cache closing",
      "Cache closed",
      "Database closing",
      "Database closed",
    ]);
  });

  it("goes on closing after a close() that fails, and returns the failures", async () => {
    const failure = new Error("would not drain");
    const closed: string[] = [];
    class Database {
      close() {
        throw failure;
      }
    }
    class Repository {
      async close() {
        closed.push("Repository");
      }
    }
    const injector = builtChain(Repository, Database);
    expect(await injector.close()).toEqual([{ component: Database, error: failure }]);
    expect(closed).toEqual(["Repository"]);
  });

  it("calls init() once on what it built and what was provided, dependencies first, each awaited before the next", async () => {
    const events: string[] = [];
    const initializing = (name: string) => pausedStep(events, `${name} starting`, `${name} started`);
    class Database {
      init = initializing("Database");
    }
    class Cache {
      init() {
        events.push("Cache started"); // synchronous: no promise to wait for
      }
    }
    class Provided {
      init = initializing("Provided");
    }
    class Repository {
      init = initializing("Repository");
    }
    class Controller {
      init = initializing("Controller");
    }
    injectRepositoryAndProvided({ Controller, Repository, Database, Cache, Provided });
    const injector = new Injector([[Provided, new Provided()]]);
    injector.get(Controller);
    const initialized = injector.init();
    expect(initialized).toBeInstanceOf(Promise);
    await initialized;
    expect(events).toEqual([
      "Database starting",
      "Database started",
      "Cache started",
      "Repository starting",
      "Repository started",
      "Provided starting",
      "Provided started",
      "Controller starting",
      "Controller started",
    ]);
    expect(injector.init()).toBeUndefined(); // nothing left to run: each init ran once
    expect(events).toHaveLength(9);
  });

  it("finishes init() synchronously when no init returns a promise, so the app is ready at once", () => {
    const started: string[] = [];
    class Config {
      init() {
        started.push("Config");
      }
    }
    class Controller {}
    defineInjections(Controller, [["config", () => Config]]);
    const injector = new Injector();
    injector.get(Controller);
    expect(injector.init()).toBeUndefined();
    expect(started).toEqual(["Config"]);
  });

  it("reports an init() that rejects as a throwing constructor is reported: the chain, the reason, the error as its cause", async () => {
    const reason = new Error("the schema is 3 migrations behind");
    const started: string[] = [];
    class Database {
      async init() {
        await new Promise((resolve) => setTimeout(resolve, 1));
        throw reason;
      }
    }
    class Repository {
      init() {
        started.push("Repository");
      }
    }
    const injector = builtChain(Repository, Database);
    const failure = await injector.init()?.then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(InjectionError);
    expect((failure as Error).message).toBe(
      "honest: Database.init() failed, building Controller.repository → Repository.db: the schema is 3 migrations behind",
    );
    expect((failure as Error).cause).toBe(reason);
    expect(started).toEqual([]); // startup stops at the first failure
  });

  it("reports an init() that throws synchronously, on a controller without a chain, whatever it throws", () => {
    class Controller {
      init() {
        throw "not an Error";
      }
    }
    const injector = new Injector();
    injector.get(Controller);
    expect(() => injector.init()).toThrow(new InjectionError("Controller.init() failed: not an Error"));
  });

  it("after a failed init(), closes only what was initialized before it, dependents first", async () => {
    const closed: string[] = [];
    class Database {
      init() {}
      close() {
        closed.push("Database");
      }
    }
    class Cache {
      close() {
        closed.push("Cache");
      }
    }
    class Repository {
      init() {
        throw new Error("the cache would not warm");
      }
      close() {
        closed.push("Repository");
      }
    }
    class Controller {
      close() {
        closed.push("Controller");
      }
    }
    defineInjections(Repository, [
      ["db", () => Database],
      ["cache", () => Cache],
    ]);
    defineInjections(Controller, [["repository", () => Repository]]);
    const injector = new Injector();
    injector.get(Controller);
    expect(() => injector.init()).toThrow("honest: Repository.init() failed, building Controller.repository: the cache would not warm");
    expect(await injector.close()).toEqual([]);
    expect(closed).toEqual(["Cache", "Database"]);
  });
});
