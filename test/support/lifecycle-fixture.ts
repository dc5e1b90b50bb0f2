import path from "node:path";
import { expect } from "vitest";
import { compileFixture } from "./compile.js";
import { startNode, type NodeProcess } from "./node-process.js";

// A small app compiled with the real transformer and run as its own process,
// for what happens at its start and its end: components that record their
// init() (Database's async, taking INIT_MS) and print when they close
// (Database, then Repository that needs it), a route that answers what was
// initialized, a route that takes as long as asked, and faults chosen by the
// FAULT environment variable; serve's grace period and drain delay from GRACE_MS and DRAIN_MS.

const sources = {
  "src/components.ts": `
    import type { Inject } from "honest";

    const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

    /** Whose init() has finished, in order. */
    export const initialized: string[] = [];

    export class Database {
      constructor() {
        if (process.env.FAULT === "constructor") throw new Error("cannot reach the database at db:5432");
      }
      async init(): Promise<void> {
        await pause(Number(process.env.INIT_MS ?? 0));
        if (process.env.FAULT === "init") throw new Error("the schema is 3 migrations behind");
        initialized.push("Database");
      }
      async close(): Promise<void> {
        await pause(Number(process.env.CLOSE_MS ?? 20));
        if (process.env.FAULT === "close") throw new Error("the pool would not drain");
        console.log("closed Database");
      }
    }

    export class Repository {
      declare readonly db: Inject<Database>;
      init(): void {
        if (process.env.FAULT === "repository-init") throw new Error("the cache would not warm");
        initialized.push("Repository");
      }
      async close(): Promise<void> {
        await pause(10);
        console.log("closed Repository");
      }
    }

    export class Unrelated {}
  `,
  "src/slow.controller.ts": `
    import { Controller, Get } from "honest";
    import type { Inject, Json, Path } from "honest";
    import { initialized, Repository } from "./components.js";

    @Controller()
    export class SlowController {
      declare readonly repository: Inject<Repository>;

      init(): void {
        initialized.push("SlowController");
      }

      @Get("/initialized")
      async listInitialized(): Promise<Json<string[]>> {
        return initialized;
      }

      @Get("/slow/{ms}")
      async slow(ms: Path<number>): Promise<Json<{ waited: number }>> {
        await new Promise((resolve) => setTimeout(resolve, ms));
        return { waited: ms };
      }
    }
  `,
  "src/main.ts": `
    import { createApp, type AppOptions } from "honest";
    import { serve } from "honest/node";
    import { Database, Unrelated } from "./components.js";

    const providers: AppOptions["providers"] =
      process.env.FAULT === "unused-provider" ? [[Unrelated, new Unrelated()]] :
      process.env.FAULT === "class-provider" ? [[Database, Database]] :
      [];
    serve(createApp({ log: false, providers }), {
      port: Number(process.env.PORT),
      hostname: "127.0.0.1",
      gracePeriod: Number(process.env.GRACE_MS ?? 10_000),
      drainDelay: Number(process.env.DRAIN_MS ?? 0),
    });
  `,
};

export interface LifecycleFixture {
  /** Starts the app as a process on `port`, with `env` added to the test's environment. */
  start(port: number, env?: Readonly<Record<string, string>>): NodeProcess;
}

export function compileLifecycleFixture(name: string): LifecycleFixture {
  const compiled = compileFixture(name, sources);
  expect(compiled.diagnostics).toEqual([]);
  const main = path.join(compiled.dir, "dist/main.js");
  return {
    start: (port, env = {}) => startNode(main, { env: { ...process.env, ...env, PORT: String(port) } }),
  };
}
