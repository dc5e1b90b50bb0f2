import { isPlainPath, PLAIN_PATH_RULE } from "../common/plain-path.js";
import { describeOption } from "../common/option-value.js";

// createApp({ health }): where the app answers its liveness and readiness
// probes, how long each check may take, and whether the OpenAPI document
// lists them (docs/guide/health.md, "Health"). On unless `false`: checked
// when the app is built, before anything else.

export interface HealthOptions {
  /** Where `GET` (and `HEAD`) answers whether the process serves: "/livez" unless set. */
  readonly live?: string;
  /** Where `GET` (and `HEAD`) answers whether the app is ready for traffic: "/readyz" unless set. */
  readonly ready?: string;
  /** How long each check may take on a readiness probe, in ms, before it counts as failed: 1 000 unless set. */
  readonly timeout?: number;
  /** `true` lists the two routes in the OpenAPI document the app serves (`createApp({ openapi })`); left out unless set. */
  readonly document?: boolean;
}

export interface HealthSettings {
  readonly live: string;
  readonly ready: string;
  readonly timeout: number;
  readonly document: boolean;
}

const DEFAULTS: HealthSettings = { live: "/livez", ready: "/readyz", timeout: 1_000, document: false };

/** The checked settings, or `undefined` for `health: false`; throws for misuse, saying what to write. */
export function healthSettings(option: HealthOptions | boolean | undefined): HealthSettings | undefined {
  if (option === false) return undefined;
  if (option === undefined || option === true) return DEFAULTS;
  if (typeof option !== "object" || option === null) {
    throw new Error(
      `honest: createApp({ health }) takes an object, such as { live: "/livez", ready: "/readyz" }, or false for no probes; got ${describeOption(option)}`,
    );
  }
  const live = checkedPath("live", option.live, DEFAULTS.live);
  const ready = checkedPath("ready", option.ready, DEFAULTS.ready);
  if (live === ready) {
    throw new Error(`honest: createApp({ health }) answers liveness and readiness at ${JSON.stringify(live)} both; give them two paths`);
  }
  const timeout = option.timeout ?? DEFAULTS.timeout;
  if (!Number.isSafeInteger(timeout) || timeout < 1) {
    throw new RangeError(
      `honest: createApp({ health: { timeout } }) must be a whole number of ms from 1 up; got ${describeOption(timeout)}`,
    );
  }
  if (option.document !== undefined && typeof option.document !== "boolean") {
    throw new Error(`honest: createApp({ health: { document } }) is true or false; got ${describeOption(option.document)}`);
  }
  return { live, ready, timeout, document: option.document ?? false };
}

function checkedPath(option: "live" | "ready", given: unknown, fallback: string): string {
  if (given === undefined) return fallback;
  if (isPlainPath(given)) return given;
  throw new Error(
    `honest: createApp({ health: { ${option}: ${describeOption(given)} } }): ${PLAIN_PATH_RULE}, such as ${JSON.stringify(fallback)}`,
  );
}
