import type { Hono } from "hono";
import type { Injector } from "../injection/injector.js";
import type { AppHealth } from "../health/app-health.js";

// createApp is synchronous and returns a plain Hono app, while components'
// init() may be async. Until every init has finished, the app's fetch (which
// app.request calls too) waits for them; once they have, the app gets its
// own fetch back, so requests pay nothing for this. serve asks pendingInit
// before it listens. docs/reference/limits.md, "Limits, timeouts and failures" (Startup).
// The health probes are answered at once meanwhile: readiness says "starting"
// (docs/guide/health.md, "Health").

const initializing = new WeakMap<object, Promise<void>>();

/** What else an app's start involves, besides its components' init(). */
export interface InitSteps {
  /**
   * What must have settled before any init() runs: the Redis connection, which init() may use, croner for an app
   * with @Cron jobs (docs/guide/scheduled-work.md, "Cron expressions"), and @opentelemetry/api for an app that traces
   * (docs/guide/logs-and-traces.md, "Traces"); `undefined` entries are nothing to wait for.
   */
  readonly first?: readonly (Promise<void> | undefined)[];
  /** Readiness, told how the start goes, and answering its probes meanwhile (docs/guide/health.md, "Health"). */
  readonly health?: AppHealth;
  /** Called once every init() has settled, never when one failed: the scheduled jobs' start. */
  readonly afterInit?: () => void;
}

/** Starts the init() of every component honest built for `app`, and holds its requests until they have finished. */
export function initBeforeServing(app: Hono, injector: Injector, { first = [], health, afterInit }: InitSteps = {}): void {
  let pending: Promise<void> | undefined;
  try {
    const before = first.filter((step) => step !== undefined);
    pending = before.length > 0 ? Promise.all(before).then(() => injector.init()) : injector.init();
  } catch (error) {
    pending = Promise.reject(error);
  }
  health?.startsWith(pending);
  if (pending === undefined) {
    // Every init was synchronous, or there was none: ready now.
    afterInit?.();
    return;
  }
  const ready = pending;
  initializing.set(app, ready);

  const dispatch = app.fetch;
  let isReady = false;
  const waitForInit: Hono["fetch"] = (request, env, executionContext) =>
    isReady || health?.isProbe(request)
      ? dispatch(request, env, executionContext)
      : ready.then(() => dispatch(request, env, executionContext));
  app.fetch = waitForInit;
  ready.then(
    () => {
      isReady = true;
      initializing.delete(app);
      // Unless something has wrapped it since, in which case waitForInit just passes requests on.
      if (app.fetch === waitForInit) app.fetch = dispatch;
      afterInit?.();
    },
    // A failure reaches whoever fetches or serves; when nobody does, it must not become an unhandled rejection.
    () => {},
  );
}

/** Settles once `app`'s components have finished init() (rejecting if one failed); `undefined` if they already have. */
export function pendingInit(app: object): Promise<void> | undefined {
  return initializing.get(app);
}
