import type { Env, Format, Integer, LogLevel, MaxLength, Maximum, Minimum, Pattern, Secret } from "honest";

/**
 * The example's environment variables, read and checked when the app is built
 * (docs/guide/configuration.md, "Configuration"): `PORT=abc npm start`
 * refuses to start, naming PORT. A class rather than an interface, so that
 * each variable can have a default after `=`.
 */
export class Settings {
  /** The port serve listens on; 0 for any free port. */
  PORT: number & Integer & Minimum<0> & Maximum<65535> = 3000;
  /** The name GET / and GET /info answer with. */
  APP_NAME = "honest example";
  /** The version GET / and GET /info answer with. */
  APP_VERSION = "1.0.0";
  /** The PostgreSQL server the items live in (postgres://…); without it, PGlite in memory (docs/guide/databases.md, "Databases"). */
  DATABASE_URL?: string & Format<"uri">;
  /** The Redis server this app's instances share (redis://…); without it, the live feed, the chat, rate limits and schedules stay in this process (docs/guide/several-instances.md, "Several instances"). */
  REDIS_URL?: string & Format<"uri">;
  /** How long serve goes on serving after SIGTERM, not ready, before it stops taking requests, in ms (docs/guide/health.md, "Shutdown"); 5000 or so behind Kubernetes without a preStop hook. */
  SHUTDOWN_DRAIN_MS: number & Integer & Minimum<0> & Maximum<600000> = 0;
  /** The least severe level logged, as JSON lines on standard output, pretty in a terminal (docs/guide/logs-and-traces.md, "Logs"). */
  LOG_LEVEL: "trace" | "debug" | "info" | "warn" | "error" | "fatal" = "info";
  /** The users' bearer tokens, `token:userId,…`: secret, so a wrong value is named without being shown; by default two demo users'. */
  EXAMPLE_TOKENS: Secret<string & MaxLength<4096> & Pattern<"^[^:,]+:[0-9]+(,[^:,]+:[0-9]+)*$">> = "ada-token:1,grace-token:2";
}

/** The app's configuration: its settings from the environment, read once when the app is built, and when it started. */
export class AppConfig {
  declare readonly env: Env<Settings>;
  readonly startedAt = Date.now();

  get name(): string {
    return this.env.APP_NAME;
  }

  get version(): string {
    return this.env.APP_VERSION;
  }

  get databaseUrl(): string | undefined {
    return this.env.DATABASE_URL;
  }

  get redisUrl(): string | undefined {
    return this.env.REDIS_URL;
  }

  get logLevel(): LogLevel {
    return this.env.LOG_LEVEL;
  }
}
