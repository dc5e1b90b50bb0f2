import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appReady, closeApp, type AppOptions } from "honest";
import type { Hono } from "hono";
import { compileFixture } from "../support/compile.js";
import { startRedisServer, type RedisServer } from "../support/redis-server.js";

// Once per tick across instances (docs/guide/scheduled-work.md, "Once per tick across instances"): three apps in
// one process, each with its own instance of the job's class, share a Redis server; each tick is claimed in Redis by
// exactly one of them, and only that one runs it (without Redis every app runs every tick: test/compiler/schedules.test.ts).

let server: RedisServer;
let createApp: (options: AppOptions) => Hono;
let runs: { app: string; at: number }[];
beforeAll(async () => {
  server = await startRedisServer();
  const compiled = compileFixture("redis-schedule", {
    "src/counter.ts": `import { Every } from "honest";
export const runs: { app: string; at: number }[] = [];
let built = 0;
export class Counter {
  readonly app = \`app \${++built}\`;
  @Every("200ms")
  async count(): Promise<void> {
    runs.push({ app: this.app, at: Date.now() });
  }
}
`,
    "src/app.ts": `import { createApp, type AppOptions } from "honest";
export { runs } from "./counter.js";
export const build = (options: Omit<AppOptions, "controllers">) => createApp({ ...options, log: false });
`,
  });
  expect(compiled.diagnostics).toEqual([]);
  const loaded = await compiled.load<{ build: typeof createApp; runs: typeof runs }>("src/app.ts");
  createApp = loaded.build;
  runs = loaded.runs;
});
afterAll(() => server.stop());

async function tickKeys(): Promise<Map<string, { owner: string; ttl: number }>> {
  const { Redis } = await import("ioredis");
  const admin = new Redis(server.url);
  try {
    const keys = ((await admin.call("KEYS", "honest:schedule:*")) as string[]).sort();
    const found = new Map<string, { owner: string; ttl: number }>();
    for (const key of keys) {
      found.set(key, { owner: (await admin.call("GET", key)) as string, ttl: (await admin.call("PTTL", key)) as number });
    }
    return found;
  } finally {
    admin.disconnect();
  }
}

describe("a job of three apps sharing Redis", () => {
  it("runs once per tick, on whichever app claimed the tick", async () => {
    runs.length = 0;
    const apps = [createApp({ redis: server.url }), createApp({ redis: server.url }), createApp({ redis: server.url })];
    await Promise.all(apps.map((app) => appReady(app)));
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    // Closing waits for runs in progress, so that every claimed tick has run when the keys are counted.
    await Promise.all(apps.map((app) => closeApp(app)));

    const keys = await tickKeys();
    expect(keys.size).toBeGreaterThanOrEqual(5);
    // One run per claimed tick, whichever app ran it: three apps running every tick would make three times as many.
    expect(runs.length).toBe(keys.size);
    const instances = new Set<string>();
    for (const [key, { owner, ttl }] of keys) {
      expect(key).toMatch(/^honest:schedule:Counter\.count:\d+$/);
      // Ticks fall on multiples of the interval since the epoch, which every instance computes alike.
      expect(Number(key.slice(key.lastIndexOf(":") + 1)) % 200).toBe(0);
      expect(owner).toMatch(/^[0-9a-f-]{36}$/);
      // The key outlives its tick by a minute, longer than two instances' clocks should ever differ.
      expect(ttl).toBeGreaterThan(50_000);
      instances.add(owner);
    }
    // The owners are the instances that ran: at most the three apps.
    expect(instances.size).toBeLessThanOrEqual(3);
    expect(new Set(runs.map((run) => run.app)).size).toBe(instances.size);
  });
});
