import { closeApp, componentOf } from "honest";
import type { Hono } from "hono";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { compileFixture } from "../support/compile.js";

// Scheduled work in one process (docs/guide/scheduled-work.md, "Scheduled work"): jobs start once every init() has
// settled, a run that outlasts its tick makes the next ticks skip (said once), a failing run is logged with its
// stack and the schedule goes on, and closing the app stops the ticks and waits for the run in progress before any
// component's close(). Intervals are short and every count has a generous window: the machine may be loaded.

const sources = {
  "src/jobs.ts": `
    import { Cron, Every } from "honest";
    import type { Inject } from "honest";

    const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

    export class Store {
      ready = false;
      readonly events: string[] = [];
      async init(): Promise<void> {
        await pause(400);
        this.ready = true;
        this.events.push("Store.init");
      }
      async close(): Promise<void> {
        this.events.push("Store.close");
      }
    }

    /** Nothing injects it: the app builds it for its jobs. */
    export class Jobs {
      declare readonly store: Inject<Store>;
      quickRuns = 0;
      runsBeforeInit = 0;
      slowRuns = 0;
      slowAtOnce = 0;
      mostAtOnce = 0;
      failures = 0;
      cronRuns = 0;

      @Every("100ms")
      async quick(): Promise<void> {
        if (!this.store.ready) this.runsBeforeInit++;
        this.quickRuns++;
      }

      @Every(100)
      async slow(): Promise<void> {
        this.slowAtOnce++;
        this.mostAtOnce = Math.max(this.mostAtOnce, this.slowAtOnce);
        this.store.events.push("slow.start");
        await pause(450);
        this.store.events.push("slow.end");
        this.slowAtOnce--;
        this.slowRuns++;
      }

      @Every("200ms")
      fail(): void {
        this.failures++;
        throw new Error("the report could not be sent");
      }

      @Cron("* * * * * *")
      async everySecond(): Promise<void> {
        this.cronRuns++;
      }
    }
  `,
  "src/app.ts": `
    import { createApp } from "honest";
    export { Jobs, Store } from "./jobs.js";
    export const tables: string[] = [];
    export const makeApp = () => createApp({ log: (table) => tables.push(table) });
  `,
};

interface Loaded {
  makeApp(): Hono;
  tables: string[];
  Jobs: new () => { quickRuns: number; runsBeforeInit: number; slowRuns: number; mostAtOnce: number; failures: number; cronRuns: number };
  Store: new () => { ready: boolean; events: string[] };
}

describe("scheduled jobs in one process", () => {
  let loaded: Loaded;
  let app: Hono;
  const errors: string[] = [];

  beforeAll(async () => {
    const compiled = compileFixture("schedules", sources);
    expect(compiled.diagnostics).toEqual([]);
    loaded = await compiled.load<Loaded>("src/app.ts");
    app = loaded.makeApp();
  });

  // Each test's, since the config restores mocks after each: what honest logs between two tests is not looked at.
  beforeEach(() => {
    vi.spyOn(console, "error").mockImplementation((...parts: unknown[]) => {
      errors.push(parts.map(String).join(" "));
    });
  });

  afterAll(async () => {
    await closeApp(app);
  });

  it("lists each job in the route table, after the routes and the health probes", () => {
    expect(loaded.tables).toEqual([
      [
        "Route mappings:",
        "  GET   /livez      → Liveness probe",
        "  GET   /readyz     → Readiness probe",
        "  EVERY 100ms       → Jobs.quick",
        "  EVERY 100ms       → Jobs.slow",
        "  EVERY 200ms       → Jobs.fail",
        "  CRON  * * * * * * → Jobs.everySecond",
      ].join("\n"),
    ]);
  });

  it("builds a class nobody injects for its jobs, and runs none of them before every init() has settled", async () => {
    const jobs = componentOf(app, loaded.Jobs);
    const store = componentOf(app, loaded.Store);
    expect(store.ready).toBe(false);
    expect(jobs.quickRuns).toBe(0);
    await vi.waitFor(() => expect(jobs.quickRuns).toBeGreaterThanOrEqual(3), { timeout: 10_000, interval: 50 });
    expect(jobs.runsBeforeInit).toBe(0);
  });

  it("runs a cron expression's job at the times it names", async () => {
    const jobs = componentOf(app, loaded.Jobs);
    await vi.waitFor(() => expect(jobs.cronRuns).toBeGreaterThanOrEqual(2), { timeout: 10_000, interval: 100 });
  });

  it("skips the ticks that fall while a run is going, saying so once per run", async () => {
    const jobs = componentOf(app, loaded.Jobs);
    await vi.waitFor(() => expect(jobs.slowRuns).toBeGreaterThanOrEqual(2), { timeout: 10_000, interval: 50 });
    expect(jobs.mostAtOnce).toBe(1);
    const skips = errors.filter((text) => text.startsWith("honest: Jobs.slow is still running from the tick of "));
    expect(skips.length).toBeGreaterThanOrEqual(1);
    // One message for each run that outlasted its tick, not one per skipped tick.
    expect(skips.length).toBeLessThanOrEqual(jobs.slowRuns + 1);
    expect(skips[0]).toMatch(
      /^honest: Jobs\.slow is still running from the tick of \d{4}-\d\d-\d\dT[\d:.]+Z, so its tick of [\dT:.Z-]+ is skipped, as is every tick until it finishes/,
    );
  });

  it("logs a failing run with its stack, and goes on", async () => {
    const jobs = componentOf(app, loaded.Jobs);
    await vi.waitFor(() => expect(jobs.failures).toBeGreaterThanOrEqual(2), { timeout: 10_000, interval: 50 });
    const failures = errors.filter((text) => text.startsWith("honest: Jobs.fail failed at its tick of "));
    expect(failures.length).toBeGreaterThanOrEqual(1);
    expect(failures[0]).toMatch(/; the schedule goes on:\nError: the report could not be sent\n\s+at /);
  });

  it("at close, starts no tick and waits for the run in progress before any component's close()", async () => {
    const jobs = componentOf(app, loaded.Jobs);
    const store = componentOf(app, loaded.Store);
    await vi.waitFor(() => expect(store.events.at(-1)).toBe("slow.start"), { timeout: 10_000, interval: 10 });
    await closeApp(app);
    expect(store.events.slice(-2)).toEqual(["slow.end", "Store.close"]);
    const after = { quick: jobs.quickRuns, slow: jobs.slowRuns, failures: jobs.failures };
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect({ quick: jobs.quickRuns, slow: jobs.slowRuns, failures: jobs.failures }).toEqual(after);
  });
});

describe("scheduled jobs of several apps without Redis", () => {
  it("run every tick on every app: each instance has its own schedule", async () => {
    const compiled = compileFixture("schedules-per-instance", {
      "src/counter.ts": `import { Every } from "honest";
export class Counter {
  runs = 0;
  @Every("100ms")
  count(): void {
    this.runs++;
  }
}
`,
      "src/app.ts": `import { createApp } from "honest";
export { Counter } from "./counter.js";
export const makeApp = () => createApp({ log: false });
`,
    });
    expect(compiled.diagnostics).toEqual([]);
    const { makeApp, Counter } = await compiled.load<{ makeApp(): Hono; Counter: new () => { runs: number } }>("src/app.ts");
    const apps = [makeApp(), makeApp()];
    try {
      await vi.waitFor(
        () => {
          for (const app of apps) expect(componentOf(app, Counter).runs).toBeGreaterThanOrEqual(3);
        },
        { timeout: 10_000, interval: 50 },
      );
    } finally {
      await Promise.all(apps.map((app) => closeApp(app)));
    }
  });
});
