import { type AppLog, textLog } from "../telemetry/app-log.js";

// The checks a readiness probe runs (docs/guide/health.md, "Checks"): all at
// once, each bounded by the timeout, each answered "ok" or "failed: " and its
// reason, a message and never a stack. A probe that comes while the checks
// are still running gets their answer too: probes from several load
// balancers do not stack up checks on a slow database.

/** A check by name: resolves with `undefined` when it passes, else rejects (or resolves with the reason). */
export interface NamedCheck {
  readonly name: string;
  run(timeout: number): Promise<string | undefined> | string | undefined | void | Promise<void>;
}

/** Each check's name and "ok" or "failed: …", in the checks' order, and whether all passed. */
export interface CheckResults {
  readonly passed: boolean;
  readonly checks: Readonly<Record<string, string>>;
}

/** The longest reason shown: a driver's message may quote a whole query. */
const REASON_LIMIT = 500;

export class ReadinessChecks {
  readonly #checks: readonly NamedCheck[];
  readonly #timeout: number;
  #running: Promise<CheckResults> | undefined;
  /** The checks failing at the last probe, so that a failure and a recovery are each logged once, not on every probe. */
  readonly #failing = new Set<string>();

  constructor(
    checks: readonly NamedCheck[],
    timeout: number,
    readonly log: AppLog = textLog(),
  ) {
    this.#checks = checks;
    this.#timeout = timeout;
  }

  get count(): number {
    return this.#checks.length;
  }

  run(): Promise<CheckResults> {
    this.#running ??= this.#runAll().finally(() => {
      this.#running = undefined;
    });
    return this.#running;
  }

  async #runAll(): Promise<CheckResults> {
    const outcomes = await Promise.all(this.#checks.map((check) => this.#runOne(check)));
    const checks: Record<string, string> = {};
    let passed = true;
    this.#checks.forEach(({ name }, index) => {
      const reason = outcomes[index];
      checks[name] = reason === undefined ? "ok" : `failed: ${reason}`;
      if (reason !== undefined) passed = false;
      this.#logChange(name, reason);
    });
    return { passed, checks };
  }

  async #runOne(check: NamedCheck): Promise<string | undefined> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<string>((resolve) => {
      timer = setTimeout(() => resolve(`no answer within ${this.#timeout} ms`), this.#timeout);
    });
    try {
      const reason = await Promise.race([Promise.resolve().then(() => check.run(this.#timeout)), late]);
      return typeof reason === "string" ? shortened(reason) : undefined;
    } catch (error) {
      return shortened(reasonOf(error));
    } finally {
      clearTimeout(timer);
    }
  }

  #logChange(name: string, reason: string | undefined): void {
    if (reason !== undefined && !this.#failing.has(name)) {
      this.#failing.add(name);
      this.log.warn(`health check ${name} failed: ${reason}`);
    } else if (reason === undefined && this.#failing.delete(name)) {
      this.log.warn(`health check ${name} passes again`);
    }
  }
}

function reasonOf(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  const text = String(error);
  return text === "" ? "failed without a reason" : text;
}

function shortened(reason: string): string {
  const oneLine = reason.replace(/\s*\n\s*/g, " ");
  return oneLine.length > REASON_LIMIT ? `${oneLine.slice(0, REASON_LIMIT)}…` : oneLine;
}
