import * as __honest from "honest/internal";
/**
 * The example's environment variables, read and checked when the app is built
 * (docs/guide/configuration.md, "Configuration"): `PORT=abc npm start`
 * refuses to start, naming PORT. A class rather than an interface, so that
 * each variable can have a default after `=`.
 */
export class Settings {
    /** The port serve listens on; 0 for any free port. */
    PORT = 3000;
    /** The name GET / and GET /info answer with. */
    APP_NAME = "honest example";
    /** The version GET / and GET /info answer with. */
    APP_VERSION = "1.0.0";
    /** The PostgreSQL server the items live in (postgres://…); without it, PGlite in memory (docs/guide/databases.md, "Databases"). */
    DATABASE_URL;
    /** The Redis server this app's instances share (redis://…); without it, the live feed, the chat, rate limits and schedules stay in this process (docs/guide/several-instances.md, "Several instances"). */
    REDIS_URL;
    /** How long serve goes on serving after SIGTERM, not ready, before it stops taking requests, in ms (docs/guide/health.md, "Shutdown"); 5000 or so behind Kubernetes without a preStop hook. */
    SHUTDOWN_DRAIN_MS = 0;
    /** The least severe level logged, as JSON lines on standard output, pretty in a terminal (docs/guide/logs-and-traces.md, "Logs"). */
    LOG_LEVEL = "info";
    /** The users' bearer tokens, `token:userId,…`: secret, so a wrong value is named without being shown; by default two demo users'. */
    EXAMPLE_TOKENS = "ada-token:1,grace-token:2";
}
/** The app's configuration: its settings from the environment, read once when the app is built, and when it started. */
export class AppConfig {
    startedAt = Date.now();
    get name() {
        return this.env.APP_NAME;
    }
    get version() {
        return this.env.APP_VERSION;
    }
    get databaseUrl() {
        return this.env.DATABASE_URL;
    }
    get redisUrl() {
        return this.env.REDIS_URL;
    }
    get logLevel() {
        return this.env.LOG_LEVEL;
    }
}
__honest.defineEnvFields(AppConfig, [
    ["env", __honest_env_Settings]
]);
function __honest_env_Settings_PORT_check(input, path, value) {
    if (!Number.isInteger(value))
        input.refuse(path, "integer", value);
    if (!(value >= 0))
        input.refuse(path, "number at least 0", value);
    if (!(value <= 65535))
        input.refuse(path, "number at most 65535", value);
}
function __honest_env_Settings_DATABASE_URL_check(input, path, value) {
    if (!__honest.isUri(value))
        input.refuse(path, "URI", value);
}
function __honest_env_Settings_REDIS_URL_check(input, path, value) {
    if (!__honest.isUri(value))
        input.refuse(path, "URI", value);
}
function __honest_env_Settings_SHUTDOWN_DRAIN_MS_check(input, path, value) {
    if (!Number.isInteger(value))
        input.refuse(path, "integer", value);
    if (!(value >= 0))
        input.refuse(path, "number at least 0", value);
    if (!(value <= 600000))
        input.refuse(path, "number at most 600000", value);
}
const __honest_env_Settings_LOG_LEVEL_text = __honest.literalText(new Map([["debug", "debug"], ["error", "error"], ["fatal", "fatal"], ["info", "info"], ["trace", "trace"], ["warn", "warn"]]));
function __honest_env_Settings_EXAMPLE_TOKENS_check(input, path, value) {
    if (!(__honest.codePointLength(value) <= 4096))
        input.refuse(path, "string of at most 4096 characters", value);
    else if (!/^[^:,]+:[0-9]+(,[^:,]+:[0-9]+)*$/u.test(value))
        input.refuse(path, "string matching /^[^:,]+:[0-9]+(,[^:,]+:[0-9]+)*$/", value);
}
function __honest_env_Settings(input) {
    const value = {};
    input.otherwise("PORT", "3000");
    input.one(value, "PORT", __honest.numberText, true, __honest_env_Settings_PORT_check);
    input.otherwise("APP_NAME", "honest example");
    input.one(value, "APP_NAME", __honest.stringText, true);
    input.otherwise("APP_VERSION", "1.0.0");
    input.one(value, "APP_VERSION", __honest.stringText, true);
    input.one(value, "DATABASE_URL", __honest.stringText, false, __honest_env_Settings_DATABASE_URL_check);
    input.one(value, "REDIS_URL", __honest.stringText, false, __honest_env_Settings_REDIS_URL_check);
    input.otherwise("SHUTDOWN_DRAIN_MS", "0");
    input.one(value, "SHUTDOWN_DRAIN_MS", __honest.numberText, true, __honest_env_Settings_SHUTDOWN_DRAIN_MS_check);
    input.otherwise("LOG_LEVEL", "info");
    input.one(value, "LOG_LEVEL", __honest_env_Settings_LOG_LEVEL_text, true);
    input.secret("EXAMPLE_TOKENS");
    input.otherwise("EXAMPLE_TOKENS", "ada-token:1,grace-token:2");
    input.one(value, "EXAMPLE_TOKENS", __honest.stringText, true, __honest_env_Settings_EXAMPLE_TOKENS_check);
    return value;
}
