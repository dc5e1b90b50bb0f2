import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appReady, closeApp, type AppOptions } from "honest";
import type { Hono } from "hono";
import { compiledAppBuilder } from "../support/compiled-app.js";
import { startRedisServer, type RedisServer } from "../support/redis-server.js";

// createApp's `redis` option (docs/guide/several-instances.md, "Several instances"):
// the app connects before any init() runs, refuses to start when the server
// cannot be reached, and closes its connections with the app.

let server: RedisServer;
let createApp: (options: AppOptions) => Hono;
beforeAll(async () => {
  server = await startRedisServer();
  createApp = await compiledAppBuilder("redis-link", {
    "src/ping.controller.ts": `import { Controller, Get, type Json } from "honest";
@Controller()
export class PingController {
  @Get("/ping")
  async ping(): Promise<Json<string>> {
    return "pong";
  }
}
`,
  });
});
afterAll(() => server.stop());

async function clients(): Promise<string[]> {
  const { Redis } = await import("ioredis");
  const admin = new Redis(server.url);
  try {
    const list = (await admin.call("CLIENT", "LIST")) as string;
    return list
      .split("\n")
      .map((line) => /name=(\S*)/.exec(line)?.[1] ?? "")
      .filter((name) => name.startsWith("honest-"));
  } finally {
    admin.disconnect();
  }
}

describe("an app given a Redis URL", () => {
  it("connects before serving and closes its connection with the app", async () => {
    const app = createApp({ redis: server.url });
    await appReady(app);
    expect(await clients()).toEqual(["honest-commands"]);
    expect(await (await app.request("/ping")).text()).toBe('"pong"');
    await closeApp(app);
    expect(await clients()).toEqual([]);
  });

  it("takes the URL from a function of its components", async () => {
    const app = createApp({ redis: () => server.url });
    await appReady(app);
    expect(await clients()).toEqual(["honest-commands"]);
    await closeApp(app);
  });

  it("does not start when the server cannot be reached, naming it without its password", async () => {
    const app = createApp({ redis: "redis://:hunter2@127.0.0.1:1" });
    await expect(appReady(app)).rejects.toThrow(/^honest: cannot reach Redis at redis:\/\/:\*\*\*@127\.0\.0\.1:1: /);
    await closeApp(app);
  });

  it("refuses a URL that is not a Redis URL before building anything", () => {
    expect(() => createApp({ redis: "http://localhost:6379" })).toThrow(
      "honest: createApp's redis must be a Redis URL, redis://host:port or rediss://host:port for TLS",
    );
  });

  it("with no URL from the function, uses no Redis", async () => {
    const app = createApp({ redis: () => undefined });
    await appReady(app);
    expect(await (await app.request("/ping")).text()).toBe('"pong"');
    await closeApp(app);
  });
});
