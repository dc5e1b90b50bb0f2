import type { Context } from "hono";
import { newScopeStorage, type ScopeStorage } from "./async-storage.js";
import { injectionsOf } from "./injections.js";
import { isPerRequest } from "./per-request.js";
import type { RequestEnd } from "./request-end.js";
import type { AppLog } from "../telemetry/app-log.js";
import { requestIdOf } from "../telemetry/request-id.js";

// One request's per-request components (docs/guide/request-scope.md, "Work
// that lives for one request"): each built with `new T()` the first time
// something reads it in the request, its `Inject` fields filled with the
// app's components or with this request's instances, and finished once the
// request has ended, by close(end), the last built first, each awaited. The
// scope travels through the request's awaits in an AsyncLocalStorage, which
// a `Current<T>` field reads; it is opened only around the routes whose
// components can reach a per-request one (app/scoped-handler.ts).

/** What a request scope needs of the app's injector. */
export interface AppComponents {
  /** The app's instance of an app-wide component (already built when the app was). */
  appWide(component: Function): unknown;
  /** The instance `createApp({ providers })` gives for a per-request component, used as each request's. */
  providedFor(component: Function): object | undefined;
  /** Where a close() that fails is logged. */
  readonly log: AppLog;
}

/** A close() that failed, and the component it belongs to. */
export interface CloseFailure {
  readonly component: Function;
  readonly error: unknown;
}

let storage: ScopeStorage<RequestScope> | undefined;

/** The storage scopes travel in, made the first time an app needs it; throws, saying what the runtime lacks, where there is none. */
export function scopeStorage(needs: string): ScopeStorage<RequestScope> {
  storage ??= newScopeStorage<RequestScope>(needs);
  return storage;
}

/** The scopes of requests being handled, by their context: what a stream or a socket's answer carries on. */
const byContext = new WeakMap<Context, RequestScope>();

/** The scope of the request `c`, if its route opened one. */
export function scopeOf(c: Context): RequestScope | undefined {
  return byContext.get(c);
}

/** Per app, the scopes a stream or a socket has taken on and not yet finished: what closing the app waits for. */
const carried = new WeakMap<AppComponents, Set<RequestScope>>();

/**
 * How long closing an app waits for the request scopes its streams and
 * sockets still carry, in ms (docs/guide/request-scope.md, "When the app
 * closes"): a stream's end waits up to a second for its generator's
 * `finally`, and then close(end) commits or rolls back; after this, the
 * app's components (the pool those use) are closed regardless.
 */
export const CARRIED_SCOPES_WAIT = 5_000;

/**
 * Before the app's components close: ends the request scopes still carried
 * (a stream no one read, a socket that never opened, as gone), and resolves
 * once every carried scope is finished, or after `wait` ms, saying how many
 * were not.
 */
export async function finishCarriedScopes(app: AppComponents, wait = CARRIED_SCOPES_WAIT): Promise<void> {
  const scopes = carried.get(app);
  if (scopes === undefined || scopes.size === 0) return;
  for (const scope of [...scopes]) scope.abandon({ outcome: "gone" });
  const settled = Promise.all([...scopes].map((scope) => scope.settled));
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<"late">((resolve) => (timer = setTimeout(() => resolve("late"), wait)));
  if ((await Promise.race([settled, late])) === "late") {
    app.log.warn(
      `${scopes.size} request(s) carried on by a stream or a socket had not finished ${wait} ms after the app began to close; ` +
        "its components are closed without waiting for their per-request components' close(end)",
    );
  }
  clearTimeout(timer);
}

export class RequestScope {
  readonly #app: AppComponents;
  readonly #instances = new Map<Function, object>();
  /** In the order they were built: closed the other way round. */
  readonly #built: { readonly component: Function; readonly instance: object }[] = [];
  /** The classes being built right now, for a cycle's message. */
  readonly #building: Function[] = [];
  #deferred = false;
  /** What the stream or socket carrying the answer does when its answer is dropped before it started (defer()). */
  #abandoned: ((end: RequestEnd) => void) | undefined;
  #finished = false;
  /** For a scope a stream or a socket carries on: settles once finish() has closed every instance. */
  #settled: Promise<void> | undefined;
  #settle: (() => void) | undefined;

  /** Where the lines about its components go: the app's log. */
  get log(): AppLog {
    return this.#app.log;
  }

  /** The request's id, which the lines about its components carry. */
  readonly reqId: string | undefined;

  constructor(c: Context, app: AppComponents) {
    this.#app = app;
    this.reqId = requestIdOf(c);
    byContext.set(c, this);
  }

  /** Runs `callback` inside this scope: what it reads through `Current<T>` fields is this request's. */
  run<R>(callback: () => R): R {
    return storage!.run(this, callback);
  }

  /** This request's instance of per-request `component`, built now if nothing has read it yet; `readBy` names the field. */
  get(component: Function, readBy: string): object {
    const existing = this.#instances.get(component);
    if (existing !== undefined) return existing;
    if (this.#finished) {
      throw new Error(
        `honest: ${readBy} reads this request's ${component.name} after the request has ended (its answer was sent, and its ` +
          "per-request components closed); read it while the request is handled, not from a timer or a promise left running",
      );
    }
    return this.#build(component, readBy);
  }

  #build(component: Function, readBy: string): object {
    const provided = this.#app.providedFor(component);
    if (provided !== undefined) {
      this.#keep(component, provided);
      return provided;
    }
    if (this.#building.includes(component)) {
      const chain = [...this.#building.slice(this.#building.indexOf(component)), component].map((each) => each.name).join(" → ");
      throw new Error(`honest: a cycle among per-request components: ${chain}; read one of them through a Current<T> field instead`);
    }
    let instance: Record<string, unknown>;
    try {
      instance = new (component as new () => Record<string, unknown>)();
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new Error(`honest: new ${component.name}() threw, building this request's ${component.name} for ${readBy}: ${reason}`, {
        cause: error,
      });
    }
    this.#building.push(component);
    try {
      for (const [field, dependency, kind] of injectionsOf(component)) {
        if (kind === "current") installCurrent(instance, field, dependency, component.name);
        else {
          const target = dependency() as Function;
          instance[field] = isPerRequest(target) ? this.get(target, `${component.name}.${field}`) : this.#app.appWide(target);
        }
      }
    } finally {
      this.#building.pop();
    }
    this.#keep(component, instance);
    return instance;
  }

  #keep(component: Function, instance: object): void {
    this.#instances.set(component, instance);
    this.#built.push({ component, instance });
  }

  /** Settles once a scope a stream or a socket carried on is finished (at once for any other). */
  get settled(): Promise<void> {
    return this.#settled ?? Promise.resolve();
  }

  /** Nothing was built for this request (yet). */
  get empty(): boolean {
    return this.#built.length === 0;
  }

  /** The answer goes on after the handler returned (a stream, a socket): whoever carries it finishes the scope. */
  get deferred(): boolean {
    return this.#deferred;
  }

  /**
   * Hands finishing to a stream or a socket: the function returned finishes
   * the scope once (failures logged). `abandoned` is what the carrier does
   * when the answer will never be carried (abandon()): a stream cancels
   * itself, a socket that never opened finishes with the end it is told.
   */
  defer(label: string, abandoned: (end: RequestEnd) => void): (end: RequestEnd) => Promise<void> {
    this.#deferred = true;
    this.#abandoned = abandoned;
    this.#settled = new Promise((resolve) => (this.#settle = resolve));
    let scopes = carried.get(this.#app);
    if (scopes === undefined) carried.set(this.#app, (scopes = new Set()));
    scopes.add(this);
    let done: Promise<void> | undefined;
    return (end) =>
      (done ??= this.finish(end).then((failures) => {
        this.#abandoned = undefined;
        logCloseFailures(this.#app.log, failures, label, end, this.reqId);
      }));
  }

  /**
   * The answer a stream or a socket was to carry is dropped, or its
   * connection is over (docs/guide/request-scope.md, "When nothing carries
   * the answer"): the body never read (an answer middleware replaced, a
   * caller of app.request that dropped the Response), the upgrade never
   * completed. The carrier ends what it started, and the scope with `end`;
   * nothing happens when the carrier has already finished it.
   */
  abandon(end: RequestEnd): void {
    if (this.#finished) return;
    this.#abandoned?.(end);
  }

  /**
   * Calls close(end) on each instance built for the request, the last built
   * first, each awaited; after one fails, those left are told the request
   * failed, with that error. Resolves with the failures, in order.
   */
  async finish(end: RequestEnd): Promise<CloseFailure[]> {
    // Once: a stream's or a socket's own end may come after the scope was finished for it.
    if (this.#finished) return [];
    this.#finished = true;
    const failures: CloseFailure[] = [];
    let told = end;
    for (const { component, instance } of this.#built.reverse()) {
      const close = (instance as { close?: unknown }).close;
      if (typeof close !== "function") continue;
      try {
        // Inside the scope: a close() that reads another per-request component through a Current<T> field gets this request's.
        await this.run(() => close.call(instance, told));
      } catch (error) {
        failures.push({ component, error });
        if (told.outcome === "answered") told = { outcome: "failed", status: 500, error };
      }
    }
    this.#built.length = 0;
    carried.get(this.#app)?.delete(this);
    this.#settle?.();
    return failures;
  }

  /** Ends a scope nothing was built in: what reads it from now on is told the request has ended. */
  finishEmpty(): void {
    this.#finished = true;
  }
}

/** Logs the close() failures of a request that ended as `end`. */
export function logCloseFailures(
  log: AppLog,
  failures: readonly CloseFailure[],
  label: string,
  end: RequestEnd,
  reqId: string | undefined,
): void {
  for (const { component, error } of failures) {
    log.error(`${component.name}.close() failed after ${label} ended (${describeEnd(end)})`, { err: error, reqId });
  }
}

function describeEnd(end: RequestEnd): string {
  return end.outcome === "gone" ? "the client went away" : `${end.outcome}, ${end.status}`;
}

/**
 * Makes `instance[field]` read this request's instance of the per-request
 * component `dependency()` each time it is used: a getter on the instance,
 * which replaces what a class field's initializer left there.
 */
export function installCurrent(instance: object, field: string, dependency: () => unknown, owner: string): void {
  const readBy = `${owner}.${field}`;
  const stored = scopeStorage(`${readBy}, a Current<T> field,`);
  Object.defineProperty(instance, field, {
    configurable: true,
    enumerable: false,
    get() {
      const scope = stored.getStore();
      const component = dependency() as Function;
      if (scope === undefined) {
        throw new Error(
          `honest: ${readBy} reads this request's ${component.name}, and no request is being handled here ` +
            "(a component's init() or close(), code run at startup, or a route whose components reach no per-request one); " +
            `read it in code that handles a request, or take what this code needs through an Inject<T> field (docs/guide/request-scope.md, "Reading it where no request exists")`,
        );
      }
      return scope.get(component, readBy);
    },
  });
}
