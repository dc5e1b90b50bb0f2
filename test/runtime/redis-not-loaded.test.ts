import { spawnSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { exampleDist } from "../support/example.js";

// Without a Redis URL nothing loads Redis (docs/guide/several-instances.md,
// "Giving the app a Redis server"): the built example, started as npm start
// starts it but without REDIS_URL, serves and closes without ioredis ever
// entering the process's module cache (ioredis is CommonJS, so a load of it
// from anywhere shows there).

const SCRIPT = `
import { createRequire } from "node:module";
import { appReady, closeApp } from "honest";
const { createExampleApp } = await import(process.argv[1]);
const app = createExampleApp({ log: false });
await appReady(app);
const answered = (await app.request("/items/1")).status;
await closeApp(app);
const loaded = Object.keys(createRequire(import.meta.url).cache).filter((file) => file.includes("/node_modules/ioredis/"));
console.log(JSON.stringify({ answered, loaded }));
`;

describe("an app given no Redis URL", () => {
  it("serves and closes without loading ioredis", () => {
    const env = { ...process.env };
    delete env.REDIS_URL;
    const run = spawnSync(process.execPath, ["--input-type=module", "-e", SCRIPT, path.join(exampleDist, "app.js")], {
      encoding: "utf8",
      env,
      timeout: 60_000,
    });
    expect(run.stderr).toBe("");
    // The child's own line, among the example's pino lines (its access line may come before or after it).
    const lines = run.stdout
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines.find((line) => "answered" in line)).toEqual({ answered: 200, loaded: [] });
  });
});
