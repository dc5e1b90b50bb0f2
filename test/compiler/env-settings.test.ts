import { type AppOptions, componentOf } from "honest";
import type { Hono } from "hono";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { compileFixture } from "../support/compile.js";

// docs/guide/configuration.md, "Configuration": an Env<T> field's variables,
// read when the app is built, through the transformer's generated reader and
// createApp({ env }) or process.env: every wrong or missing variable named at
// once, a secret's value never shown, defaults read as if set, the values
// frozen and reached like any component.

const sources = {
  "src/settings.ts": `
    import type { Env, Secret, Format, Integer, Minimum, Maximum, MinLength, i64 } from "honest";

    export enum Mode { Fast = "fast", Safe = "safe" }

    export class Settings {
      PORT: number & Integer & Minimum<0> & Maximum<65535> = 3000;
      LOG_LEVEL: "debug" | "info" | "warn" = "info";
      VERBOSE = false;
      MAX_ID: i64 = 9007199254740993n;
      DATABASE_URL?: string & Format<"uri">;
      API_TOKEN!: Secret<string & MinLength<8>>;
      RUN_MODE?: Mode;
      ORIGINS?: string[];
      RETRIES?: number;
    }

    export class AppConfig {
      declare readonly env: Env<Settings>;
    }

    /** A second component of the same settings: the same frozen values. */
    export class Mailer {
      declare readonly settings: Env<Settings>;
    }

    export class Unused {
      declare readonly env: Env<{ NEVER_READ: number }>;
    }
  `,
  "src/config.controller.ts": `
    import { Controller, Get } from "honest";
    import type { Inject, Json } from "honest";
    import { AppConfig, Mailer } from "./settings.js";

    interface Shown { port: number; level: string; verbose: boolean; maxId: string; url?: string; mode?: string; origins?: string[]; retries?: number }

    @Controller()
    export class ConfigController {
      declare readonly config: Inject<AppConfig>;
      declare readonly mailer: Inject<Mailer>;

      @Get("/settings")
      async settings(): Promise<Json<Shown>> {
        const env = this.config.env;
        return {
          port: env.PORT, level: env.LOG_LEVEL, verbose: env.VERBOSE, maxId: String(env.MAX_ID), url: env.DATABASE_URL,
          mode: env.RUN_MODE, origins: env.ORIGINS, retries: env.RETRIES,
        };
      }
    }
  `,
  "src/app.ts": `
    import { createApp, type AppOptions } from "honest";
    import "./config.controller.js";
    export { AppConfig, Mailer, Unused } from "./settings.js";
    export const makeApp = (options: AppOptions = {}) => createApp({ log: false, ...options });
  `,
};

interface Fixture {
  readonly makeApp: (options?: AppOptions) => Hono;
  readonly AppConfig: new () => { readonly env: Record<string, unknown> };
  readonly Mailer: new () => { readonly settings: Record<string, unknown> };
  readonly Unused: new () => object;
}

let fixture: Fixture;
beforeAll(async () => {
  const compiled = compileFixture("env-settings", sources);
  expect(compiled.diagnostics).toEqual([]);
  fixture = await compiled.load<Fixture>("src/app.ts");
});

afterEach(() => {
  vi.unstubAllEnvs();
});

const withEnv = (env: Record<string, unknown>) => fixture.makeApp({ env });

/** The message createApp refused to start with. */
function refusal(env: Record<string, unknown>): string {
  try {
    fixture.makeApp({ env });
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error("the app started");
}

describe("Env<T> settings", () => {
  it("reads given variables, defaults and optional ones, each parsed as its type", async () => {
    const app = withEnv({
      API_TOKEN: "s3cret-token",
      PORT: "8080",
      VERBOSE: "true",
      MAX_ID: "-9223372036854775808",
      DATABASE_URL: "postgres://db.example:5432/items",
      RUN_MODE: "safe",
      ORIGINS: "https://a.example, https://b.example",
    });
    const response = await app.request("/settings");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      port: 8080,
      level: "info",
      verbose: true,
      maxId: "-9223372036854775808",
      url: "postgres://db.example:5432/items",
      mode: "safe",
      origins: ["https://a.example", "https://b.example"],
    });
  });

  it("gives each default as if its variable were set to it, and leaves an optional one absent", async () => {
    const config = componentOf(fixture.makeApp({ env: { API_TOKEN: "s3cret-token" } }), fixture.AppConfig);
    expect(config.env).toEqual({ PORT: 3000, LOG_LEVEL: "info", VERBOSE: false, MAX_ID: 9007199254740993n, API_TOKEN: "s3cret-token" });
    expect("RETRIES" in config.env).toBe(false);
  });

  it("names every wrong or missing variable at once, with what it expected and what it got", () => {
    const message = refusal({
      PORT: "abc",
      LOG_LEVEL: "loud",
      VERBOSE: "yes",
      MAX_ID: "9223372036854775808",
      DATABASE_URL: "not a url",
      RUN_MODE: "slow",
      RETRIES: "",
    });
    expect(message).toBe(
      [
        "honest: the environment does not hold the settings this app declares (8 variables):",
        '  PORT (AppConfig.env): expected number, got "abc"',
        '  LOG_LEVEL (AppConfig.env): expected "debug" | "info" | "warn", got "loud"',
        '  VERBOSE (AppConfig.env): expected true or false, got "yes"',
        '  MAX_ID (AppConfig.env): expected 64-bit integer, got "9223372036854775808"',
        '  DATABASE_URL (AppConfig.env): expected URI, got "not a url"',
        "  API_TOKEN (AppConfig.env): expected string, got missing",
        '  RUN_MODE (AppConfig.env): expected "fast" | "safe", got "slow"',
        '  RETRIES (AppConfig.env): expected number, got ""',
        "Set or correct them, and start again (docs/guide/configuration.md).",
      ].join("\n"),
    );
  });

  it("checks constraints once a value parses, and a default as a value set", () => {
    expect(refusal({ API_TOKEN: "s3cret-token", PORT: "70000.5" })).toBe(
      [
        "honest: the environment does not hold the settings this app declares (1 variable):",
        "  PORT (AppConfig.env): expected integer, got 70000.5",
        "  PORT (AppConfig.env): expected number at most 65535, got 70000.5",
        "Set or correct it, and start again (docs/guide/configuration.md).",
      ].join("\n"),
    );
  });

  it("never shows a secret's value, only what it expected", () => {
    const message = refusal({ API_TOKEN: "short" });
    expect(message).toContain("  API_TOKEN (AppConfig.env): expected string of at least 8 characters, got a secret value (not shown)");
    expect(message).not.toContain("short");
  });

  it("freezes the values, and gives every field of one type the same ones", () => {
    const app = fixture.makeApp({ env: { API_TOKEN: "s3cret-token", ORIGINS: "a,b" } });
    const config = componentOf(app, fixture.AppConfig);
    expect(Object.isFrozen(config.env)).toBe(true);
    expect(Object.isFrozen(config.env.ORIGINS)).toBe(true);
    expect(componentOf(app, fixture.Mailer).settings).toBe(config.env);
  });

  it("reads process.env when no env is given, and only the given env when one is", () => {
    vi.stubEnv("API_TOKEN", "from-process-env");
    vi.stubEnv("PORT", "4000");
    expect(componentOf(fixture.makeApp(), fixture.AppConfig).env).toMatchObject({ API_TOKEN: "from-process-env", PORT: 4000 });
    expect(componentOf(fixture.makeApp({ env: { API_TOKEN: "given-token" } }), fixture.AppConfig).env).toMatchObject({
      API_TOKEN: "given-token",
      PORT: 3000,
    });
  });

  it("takes a Workers binding written as a number as its text, and refuses one that is not a variable", () => {
    expect(componentOf(fixture.makeApp({ env: { API_TOKEN: "s3cret-token", PORT: 8787 } }), fixture.AppConfig).env).toMatchObject({
      PORT: 8787,
    });
    expect(refusal({ API_TOKEN: { get() {} } })).toBe(
      [
        "honest: the environment does not hold the settings this app declares (1 variable):",
        "  API_TOKEN: expected text, got a binding that is not a variable",
        "Set or correct it, and start again (docs/guide/configuration.md).",
      ].join("\n"),
    );
  });

  it("reads no variable of a component the app does not reach, and componentOf says so", () => {
    const app = fixture.makeApp({ env: { API_TOKEN: "s3cret-token" } });
    expect(() => componentOf(app, fixture.Unused)).toThrow(
      "honest: this app holds no Unused: no mounted controller injects it, directly or through a component; declare an Inject<Unused> field where it is used",
    );
  });

  it("leaves a provided component's Env<T> fields to whoever made it", () => {
    const config = Object.assign(new fixture.AppConfig(), { env: { PORT: 1 } });
    const mailer = Object.assign(new fixture.Mailer(), { settings: config.env });
    const app = fixture.makeApp({
      env: {},
      providers: [
        [fixture.AppConfig, config],
        [fixture.Mailer, mailer],
      ],
    });
    expect(componentOf(app, fixture.AppConfig)).toBe(config);
  });
});
