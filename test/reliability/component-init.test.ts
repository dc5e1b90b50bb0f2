import { serve } from "honest/node";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { compileFixture } from "../support/compile.js";
import { connectionRefused, freePort } from "../support/http.js";

// docs/reference/limits.md, "Limits, timeouts and failures" (Startup): components' init() runs
// once, dependencies first, before app.fetch (so app.request) or serve
// handles a request; a failing one stops startup. In process, with each
// test holding Database's init open as long as it needs.

interface Fixture {
  app(options?: object): any;
  Database: { connect: () => Promise<void> };
  events: string[];
}

let fixture: Fixture;
beforeAll(async () => {
  const compiled = compileFixture("component-init", {
    "src/components.ts": `
      import type { Inject } from "honest";

      /** Every init() as it starts and ends, and every close(), in order. */
      export const events: string[] = [];

      export class Clock {
        started = false;
        init(): void {
          this.started = true;
          events.push("Clock.init");
        }
      }

      export class Database {
        declare readonly clock: Inject<Clock>;
        connected = false;
        /** Each test decides how connecting goes. */
        static connect: () => Promise<void> = async () => {};
        async init(): Promise<void> {
          events.push("Database.init");
          await Database.connect();
          this.connected = this.clock.started;
          events.push("Database connected");
        }
        close(): void {
          events.push("Database.close");
        }
      }
    `,
    "src/status.controller.ts": `
      import { Controller, Get } from "honest";
      import type { Inject, Json } from "honest";
      import { Database, events } from "./components.js";

      @Controller()
      export class StatusController {
        declare readonly db: Inject<Database>;
        init(): void {
          events.push("StatusController.init");
        }
        @Get("/status")
        async status(): Promise<Json<{ connected: boolean }>> {
          return { connected: this.db.connected };
        }
      }
    `,
    "src/app.ts": `
      import { createApp, type AppOptions } from "honest";
      import { StatusController } from "./status.controller.js";
      export { Database, events } from "./components.js";
      export const app = (options: AppOptions = {}) => createApp({ controllers: [StatusController], log: false, ...options });
    `,
  });
  expect(compiled.diagnostics).toEqual([]);
  fixture = await compiled.load<Fixture>("src/app.ts");
});

afterEach(() => {
  fixture.events.length = 0;
  fixture.Database.connect = async () => {};
});

/** Database's init() waits for release(). */
function holdConnect(): () => void {
  let release!: () => void;
  const connected = new Promise<void>((resolve) => (release = resolve));
  fixture.Database.connect = () => connected;
  return release;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("app.request and app.fetch", () => {
  it("wait for every init(), dependencies first, before handling the first request", async () => {
    const release = holdConnect();
    const app = fixture.app();
    let answered = false;
    const answer = app.request("/status").then((response: Response) => {
      answered = true;
      return response;
    });
    await pause(20);
    expect(answered).toBe(false);
    expect(fixture.events).toEqual(["Clock.init", "Database.init"]);
    release();
    expect(await (await answer).json()).toEqual({ connected: true });
    expect(fixture.events).toEqual(["Clock.init", "Database.init", "Database connected", "StatusController.init"]);
  });

  it("once every init() has finished, are the app's own: a handler that never awaits answers without a promise", async () => {
    const release = holdConnect();
    const app = fixture.app();
    const waiting = app.fetch(new Request("http://localhost/status"));
    expect(waiting).toBeInstanceOf(Promise);
    release();
    await waiting;
    const answer = app.fetch(new Request("http://localhost/status"));
    expect(answer).toBeInstanceOf(Response);
    expect(await answer.json()).toEqual({ connected: true });
  });

  it("reject with the InjectionError when an init() fails, naming the chain, with the original error as its cause", async () => {
    const reason = new Error("no route to db:5432");
    fixture.Database.connect = () => Promise.reject(reason);
    const app = fixture.app();
    const failure = await app.request("/status").then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(failure).toMatchObject({
      name: "InjectionError",
      message: "honest: Database.init() failed, building StatusController.db: no route to db:5432",
      cause: reason,
    });
    await expect(app.request("/status")).rejects.toBe(failure); // every request, not only the first
    expect(fixture.events).toEqual(["Clock.init", "Database.init"]); // startup stopped there
  });

  it("a failed init() that nobody fetches is not an unhandled rejection", async () => {
    const unhandled = vi.fn();
    process.on("unhandledRejection", unhandled);
    try {
      fixture.Database.connect = () => Promise.reject(new Error("no route to db:5432"));
      fixture.app();
      await pause(20);
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off("unhandledRejection", unhandled);
    }
  });

  it("call init() on an instance given by providers, as on one they build, and are ready at once when no init is left pending", async () => {
    const provided = { connected: true, init: vi.fn() };
    const app = fixture.app({ providers: [[fixture.Database, provided]] });
    expect(provided.init).toHaveBeenCalledOnce();
    expect(fixture.events).toEqual(["StatusController.init"]); // Clock was only Database's dependency, so never built
    const answer = app.fetch(new Request("http://localhost/status"));
    expect(answer).toBeInstanceOf(Response);
    expect(await answer.json()).toEqual({ connected: true });
  });
});

describe("serve", () => {
  it("listens only once every init() has finished", async () => {
    const release = holdConnect();
    const port = await freePort();
    const running = serve(fixture.app(), { port, hostname: "127.0.0.1", log: false, handleSignals: false });
    try {
      await pause(50);
      expect(running.server.listening).toBe(false);
      expect(await connectionRefused(port)).toBe(true);
      release();
      await running.listening;
      expect(await (await fetch(`http://127.0.0.1:${port}/status`)).json()).toEqual({ connected: true });
    } finally {
      await running.close();
    }
  });

  it("closed before every init() has finished: waits for them, then stops without ever listening", async () => {
    const release = holdConnect();
    const port = await freePort();
    const running = serve(fixture.app(), { port, hostname: "127.0.0.1", log: false, handleSignals: false });
    let closed = false;
    const closing = running.close().then(() => (closed = true));
    await pause(20);
    expect(closed).toBe(false); // no component is closed while init() is still running
    release();
    await expect(running.listening).rejects.toThrow("honest: the server was closed before it listened");
    await closing;
    expect(fixture.events).toEqual(["Clock.init", "Database.init", "Database connected", "StatusController.init", "Database.close"]);
    expect(running.server.listening).toBe(false);
    expect(await connectionRefused(port)).toBe(true);
  });
});
