import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { appReady, closeApp, type AppOptions } from "honest";
import type { Hono } from "hono";
import { compiledAppBuilder } from "../support/compiled-app.js";
import { startRedisServer, type RedisServer } from "../support/redis-server.js";

// docs/guide/health.md, "Checks": an app given a Redis server checks it on
// each readiness probe, by a PING under the probe's timeout, as the check
// named "Redis"; the app is not ready while the server is away, and ready
// again once ioredis has reconnected to a server at the same address.

let server: RedisServer | undefined;
let createApp: (options: AppOptions) => Hono;
beforeAll(async () => {
  server = await startRedisServer();
  createApp = await compiledAppBuilder("redis-health", {
    "src/ping.controller.ts": `import { Controller, Get, type HealthCheck, type Json, type Inject } from "honest";
export class Clock implements HealthCheck {
  healthCheck(): void {}
}
@Controller()
export class PingController {
  declare readonly clock: Inject<Clock>;
  @Get("/ping")
  async ping(): Promise<Json<string>> {
    return "pong";
  }
}
`,
  });
});
afterAll(() => server?.stop());

async function readiness(app: Hono): Promise<{ status: number; body: { status: string; checks: Record<string, string> } }> {
  const response = await app.request("/readyz");
  return { status: response.status, body: await response.json() };
}

describe("readiness with a Redis server", () => {
  it("is 200 with Redis's check, 503 naming Redis once the server is killed, and 200 again once a server is back on its port", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const first = server!;
    const app = createApp({ redis: first.url, health: { timeout: 500 } });
    try {
      await appReady(app);
      expect(await readiness(app)).toEqual({
        status: 200,
        body: { status: "ready", checks: { "PingController → Clock": "ok", Redis: "ok" } },
      });

      await first.kill();
      const away = await readiness(app);
      expect(away.status).toBe(503);
      expect(away.body.status).toBe("not ready");
      expect(away.body.checks["PingController → Clock"]).toBe("ok");
      expect(away.body.checks.Redis).toMatch(new RegExp(`^failed: Redis \\(redis://127\\.0\\.0\\.1:${first.port}\\)[ :]`));
      expect((await app.request("/ping")).status).toBe(200); // what does not need Redis is still served

      server = await startRedisServer({ port: first.port });
      // ioredis reconnects by itself, waiting a little longer after each failed attempt (2 s at most).
      const deadline = Date.now() + 10_000;
      let back = await readiness(app);
      while (back.status !== 200 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        back = await readiness(app);
      }
      expect(back).toEqual({ status: 200, body: { status: "ready", checks: { "PingController → Clock": "ok", Redis: "ok" } } });
      const logged = errors.mock.calls.map(([line]) => String(line));
      expect(logged).toContain(`honest: health check Redis passes again`);
      expect(logged.some((line) => line.startsWith("honest: health check Redis failed: Redis (redis://127.0.0.1:"))).toBe(true);
    } finally {
      await closeApp(app);
      errors.mockRestore();
    }
  });

  it("has no Redis check without a Redis server", async () => {
    const app = createApp({});
    await appReady(app);
    expect(await readiness(app)).toEqual({ status: 200, body: { status: "ready", checks: { "PingController → Clock": "ok" } } });
    await closeApp(app);
  });
});
