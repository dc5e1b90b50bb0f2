import { appReady, closeApp } from "honest";
import { afterEach, describe, expect, it, vi } from "vitest";
import { compileFixture } from "../support/compile.js";

// An app used in process, as a test uses it, starts and closes its components
// without serve (docs/guide/testing-with-vitest.md, "Starting and closing an
// app in a test"): a Pool component that Items needs, each recording its
// init() and close() in the order they ran.

const sources = {
  "src/components.ts": `
    import type { Inject } from "honest";

    export const events: string[] = [];
    const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

    export class Pool {
      open = false;
      async init(): Promise<void> {
        await pause(30);
        if (process.env.HONEST_TEST_FAULT === "init") throw new Error("the database is not there");
        this.open = true;
        events.push("Pool.init");
      }
      async close(): Promise<void> {
        await pause(10);
        this.open = false;
        events.push("Pool.close");
        if (process.env.HONEST_TEST_FAULT === "close") throw new Error("the pool would not drain");
      }
    }

    export class Items {
      declare readonly pool: Inject<Pool>;
      async close(): Promise<void> {
        events.push("Items.close");
      }
    }
  `,
  "src/items.controller.ts": `
    import { Controller, Get } from "honest";
    import type { Inject, Json } from "honest";
    import { Items } from "./components.js";

    @Controller()
    export class ItemsController {
      declare readonly items: Inject<Items>;
      @Get("/items")
      async open(): Promise<Json<{ open: boolean }>> {
        return { open: this.items.pool.open };
      }
    }
  `,
  "src/app.ts": `
    import { createApp } from "honest";
    import "./items.controller.js";
    export { events } from "./components.js";
    export const makeApp = () => createApp({ log: false });
  `,
};

interface Fixture {
  readonly makeApp: () => import("hono").Hono;
  readonly events: string[];
}

async function fixture(): Promise<Fixture> {
  const compiled = compileFixture("app-in-tests", sources);
  expect(compiled.diagnostics).toEqual([]);
  const loaded = await compiled.load<Fixture>("src/app.ts");
  loaded.events.length = 0;
  return loaded;
}

afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

describe("an app used in process", () => {
  it("is ready once its components' init() has finished, and closes them dependents first, once", async () => {
    const { makeApp, events } = await fixture();
    const app = makeApp();
    expect(events).toEqual([]);
    await appReady(app);
    expect(events).toEqual(["Pool.init"]);
    expect(await (await app.request("/items")).json()).toEqual({ open: true });
    await closeApp(app);
    expect(events).toEqual(["Pool.init", "Items.close", "Pool.close"]);
    await closeApp(app);
    expect(events).toEqual(["Pool.init", "Items.close", "Pool.close"]);
    await appReady(app);
  });

  it("rejects appReady with the error of an init() that failed", async () => {
    const { makeApp } = await fixture();
    vi.stubEnv("HONEST_TEST_FAULT", "init");
    await expect(appReady(makeApp())).rejects.toThrow("the database is not there");
  });

  it("rejects closeApp naming a component whose close() failed, after closing the rest, and logs its error", async () => {
    const { makeApp, events } = await fixture();
    const app = makeApp();
    await appReady(app);
    vi.stubEnv("HONEST_TEST_FAULT", "close");
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    await expect(closeApp(app)).rejects.toThrow("honest: close() failed in Pool; each error is logged above");
    expect(events).toEqual(["Pool.init", "Items.close", "Pool.close"]);
    expect(logged).toHaveBeenCalledWith("honest: Pool.close() failed:", expect.objectContaining({ message: "the pool would not drain" }));
  });
});
