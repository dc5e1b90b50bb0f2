import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { appReady, closeApp, type AppOptions } from "honest";
import type { Hono } from "hono";
import { compiledAppBuilder } from "../support/compiled-app.js";
import { startRedisServer, type RedisServer } from "../support/redis-server.js";

// docs/guide/rate-limits.md, "Memory and Redis": with a Redis URL, every instance counts a route's requests in
// one Redis key per client and window, raised and given its expiry by one script, so that concurrent requests
// to several instances are counted exactly; and "When Redis is away": each instance counts in its own memory
// until Redis answers again, saying so once in the log.

let server: RedisServer;
let createApp: (options: AppOptions) => Hono;
beforeAll(async () => {
  server = await startRedisServer();
  createApp = await compiledAppBuilder("redis-rate-limit", {
    "src/bulk.controller.ts": `import { Controller, Post, RateLimit, type Json } from "honest";
@Controller()
export class BulkController {
  @Post("/bulk")
  @RateLimit({ limit: 50, window: "1m" })
  async bulk(): Promise<Json<string>> {
    return "done";
  }

  @Post("/few")
  @RateLimit({ limit: 3, window: "1h" })
  async few(): Promise<Json<string>> {
    return "done";
  }
}
`,
  });
});
afterAll(() => server.stop());

/** Two instances of the app in this process, sharing the Redis server, each seeing every request from one client. */
async function twoInstances(): Promise<[Hono, Hono]> {
  const apps: [Hono, Hono] = [
    createApp({ redis: server.url, clientAddress: () => "198.51.100.9" }),
    createApp({ redis: server.url, clientAddress: () => "198.51.100.9" }),
  ];
  await Promise.all(apps.map((app) => appReady(app)));
  return apps;
}

describe("a rate limit counted in Redis", () => {
  it("allows exactly the limit across two instances under 400 concurrent requests, and refuses the rest with 429", async () => {
    const [a, b] = await twoInstances();
    try {
      const answers = await Promise.all(
        Array.from({ length: 400 }, (_, index) => (index % 2 === 0 ? a : b).request("/bulk", { method: "POST" })),
      );
      const statuses = answers.map((answer) => answer.status);
      expect(statuses.filter((status) => status === 201 || status === 200)).toHaveLength(50);
      expect(statuses.filter((status) => status === 429)).toHaveLength(350);
      // Every remaining count from 49 to 0 was given once: each request counted once, in one order.
      const remaining = answers.filter((answer) => answer.status === 200).map((answer) => answer.headers.get("ratelimit"));
      expect(new Set(remaining).size).toBe(50);
      const refused = answers.find((answer) => answer.status === 429)!;
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(59);
      expect(refused.headers.get("ratelimit-policy")).toBe('"default";q=50;w=60');
    } finally {
      await Promise.all([closeApp(a), closeApp(b)]);
    }
  });

  it("keeps one key per route and client, which Redis drops when its window ends", async () => {
    const [a, b] = await twoInstances();
    try {
      expect((await a.request("/few", { method: "POST" })).status).toBe(200);
      const { Redis } = await import("ioredis");
      const admin = new Redis(server.url);
      try {
        const key = "honest:rate-limit:POST /few:address:198.51.100.9";
        expect(await admin.get(key)).toBe("1");
        const ttl = await admin.pttl(key);
        expect(ttl).toBeGreaterThan(3_590_000);
        expect(ttl).toBeLessThanOrEqual(3_600_000);
      } finally {
        admin.disconnect();
      }
      expect((await b.request("/few", { method: "POST" })).headers.get("ratelimit")).toMatch(/^"default";r=1;t=(3600|3599)$/);
    } finally {
      await Promise.all([closeApp(a), closeApp(b)]);
    }
  });
});

describe("when Redis is away", () => {
  it("counts in each instance's memory, the limit then holding per instance, and says so once", async () => {
    const own = await startRedisServer();
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const apps = [0, 1].map(() => createApp({ redis: own.url, clientAddress: () => "198.51.100.10" }));
    try {
      await Promise.all(apps.map((app) => appReady(app)));
      expect((await apps[0]!.request("/few", { method: "POST" })).status).toBe(200);
      await own.kill();
      const statuses = async (app: Hono) => {
        const answers: number[] = [];
        for (let i = 0; i < 4; i++) answers.push((await app.request("/few", { method: "POST" })).status);
        return answers;
      };
      // The count Redis held is out of reach: each instance allows the limit afresh, then refuses.
      expect(await statuses(apps[0]!)).toEqual([200, 200, 200, 429]);
      expect(await statuses(apps[1]!)).toEqual([200, 200, 200, 429]);
      const said = errors.mock.calls.map((call) => String(call[0])).filter((line) => line.includes("cannot count rate limits"));
      expect(said).toHaveLength(2);
      expect(said[0]).toMatch(
        /^honest: Redis \(redis:\/\/127\.0\.0\.1:\d+\) cannot count rate limits \(.+\); this instance counts honest:rate-limit:POST \/few:\* itself until Redis answers again$/,
      );
    } finally {
      await Promise.all(apps.map((app) => closeApp(app)));
      errors.mockRestore();
    }
  });
});
