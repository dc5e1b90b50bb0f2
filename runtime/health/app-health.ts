import type { HealthSettings } from "./health-options.js";
import type { CheckResults, ReadinessChecks } from "./readiness-checks.js";

// Where an app stands, as its probes answer it (docs/guide/health.md,
// "Health"): starting until every init() has settled, then ready (while its
// checks pass), until shutdown begins: serve's first SIGTERM or SIGINT, or
// close() and closeApp() for an app served otherwise. An init() that failed
// leaves it failed: live no more, since the app will not serve.

type Stage = { readonly kind: "starting" | "ready" | "stopping" } | { readonly kind: "failed"; readonly reason: string };

/** A probe's answer: its status code and its JSON body. */
export interface ProbeAnswer {
  readonly status: 200 | 503;
  readonly body: Readonly<Record<string, unknown>>;
}

export class AppHealth {
  readonly settings: HealthSettings;
  #stage: Stage = { kind: "starting" };
  #checks: ReadinessChecks | undefined;

  constructor(settings: HealthSettings) {
    this.settings = settings;
  }

  /** The checks each readiness probe runs, known once the components are built. */
  watch(checks: ReadinessChecks): void {
    this.#checks = checks;
  }

  /** Ready once `init` settles (at once when it is `undefined`: no init to wait for), failed if it rejects. */
  startsWith(init: Promise<void> | undefined): void {
    if (init === undefined) {
      this.#ready();
      return;
    }
    init.then(
      () => this.#ready(),
      (error: unknown) => {
        if (this.#stage.kind === "starting")
          this.#stage = { kind: "failed", reason: error instanceof Error ? error.message : String(error) };
      },
    );
  }

  /** Not ready from now on: shutdown has begun. */
  stop(): void {
    if (this.#stage.kind !== "failed") this.#stage = { kind: "stopping" };
  }

  /** Whether `request` is a probe, which is answered while init() runs rather than held until it has finished. */
  isProbe(request: Request): boolean {
    if (request.method !== "GET" && request.method !== "HEAD") return false;
    const path = new URL(request.url).pathname;
    return path === this.settings.live || path === this.settings.ready;
  }

  liveness(): ProbeAnswer {
    const stage = this.#stage;
    return stage.kind === "failed"
      ? { status: 503, body: { status: "failed", reason: stage.reason } }
      : { status: 200, body: { status: "live" } };
  }

  async readiness(): Promise<ProbeAnswer> {
    const before = this.#answerWithoutChecks();
    if (before !== undefined) return before;
    const results: CheckResults = this.#checks === undefined ? { passed: true, checks: {} } : await this.#checks.run();
    // Shutdown may have begun while the checks ran.
    return (
      this.#answerWithoutChecks() ??
      (results.passed
        ? { status: 200, body: { status: "ready", checks: results.checks } }
        : { status: 503, body: { status: "not ready", checks: results.checks } })
    );
  }

  #answerWithoutChecks(): ProbeAnswer | undefined {
    const stage = this.#stage;
    if (stage.kind === "ready") return undefined;
    return { status: 503, body: stage.kind === "failed" ? { status: "failed", reason: stage.reason } : { status: stage.kind } };
  }

  #ready(): void {
    if (this.#stage.kind === "starting") this.#stage = { kind: "ready" };
  }
}

const healths = new WeakMap<object, AppHealth>();

export function rememberHealth(app: object, health: AppHealth): void {
  healths.set(app, health);
}

/** Turns `app`'s readiness to 503 at once: shutdown has begun (serve's first signal, close(), closeApp()). */
export function stopReadiness(app: object): void {
  healths.get(app)?.stop();
}
