import { spawnSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { exampleApp, exampleDist } from "../support/example.js";

// The example's settings (example/src/config/app-config.ts) come through
// Env<T> (docs/guide/configuration.md, "Configuration"): `PORT=abc npm start`
// refuses to start before anything listens, naming PORT and what it expected,
// with honest's message alone and exit code 1; tests give the variables with
// createApp({ env }). In the example-generated project this is the example as
// `honest generate` and TypeScript 7 build it.

function start(env: Record<string, string>) {
  const { PORT: _port, APP_NAME: _name, APP_VERSION: _version, ...inherited } = process.env;
  return spawnSync(process.execPath, [path.join(exampleDist, "main.js")], {
    encoding: "utf8",
    env: { ...inherited, ...env },
    timeout: 60_000,
  });
}

describe("the example's settings", () => {
  it("PORT=abc: refuses to start, naming PORT and what it expected, exit 1, nothing listening", () => {
    const started = start({ PORT: "abc" });
    expect(started.status).toBe(1);
    expect(started.stdout).not.toContain("listening");
    expect(started.stderr).toBe(
      "honest: the environment does not hold the settings this app declares (1 variable):\n" +
        '  PORT (AppConfig.env): expected number, got "abc"\n' +
        "Set or correct it, and start again (docs/guide/configuration.md).\n",
    );
  });

  it("a port out of range: each constraint it fails", () => {
    const started = start({ PORT: "65536" });
    expect(started.status).toBe(1);
    expect(started.stderr).toContain("  PORT (AppConfig.env): expected number at most 65535, got 65536\n");
  });

  it("reads APP_NAME from the env a test gives, and the defaults of the others", async () => {
    const app = await exampleApp({ env: { APP_NAME: "given by the test" } });
    expect(await (await app.request("/")).json()).toEqual({
      name: "given by the test",
      version: "1.0.0",
      routes: "see the route table printed at startup",
    });
  });
});
