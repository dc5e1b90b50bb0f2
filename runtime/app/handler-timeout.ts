import { refusal } from "../errors/failed-check.js";
import { type AppLog, textLog } from "../telemetry/app-log.js";

// A handler that never settles would hold its client forever. At the app's
// time limit the client gets 504 (as Hono's `timeout` middleware answers) and
// the server logs which route it was. Rather than a timer per awaited
// request, which a handler settling in a millisecond would set and clear for
// nothing, one clock per app ticks twenty times per limit while handlers are
// pending, as body-stalls.ts sweeps bodies: each pending handler counts the
// ticks it has seen, and one that has seen a limit's worth and one more (the
// first may come at once) has been pending for the whole limit. It is
// answered between the limit and about a tenth more (docs/reference/limits.md,
// "Handlers that fail").
// JavaScript cannot stop the handler itself; whatever it does later is
// ignored, and a late rejection is handled here, not left unhandled.

/** Cloudflare Workers say so in navigator.userAgent, as their documentation suggests detecting them. */
const ON_WORKERS = (globalThis as { navigator?: { userAgent?: string } }).navigator?.userAgent === "Cloudflare-Workers";
/** Ticks per limit: how finely a deadline is timed. */
const TICKS_PER_LIMIT = 20;
/** The longest interval setInterval takes. */
const MAX_INTERVAL = 2 ** 31 - 1;

/** A timer as setInterval returns it: an object with ref and unref on Node and Bun, a number elsewhere. */
type Clock = ReturnType<typeof setInterval> & { ref?(): unknown; unref?(): unknown };

/** A handler's result still awaited: in the app's list of them, or on Workers with a timer of its own. */
class PendingHandler {
  /** Ticks of the clock since it began. */
  ticks = 0;
  /** Pending (in the list, or timed by its own timer) until it settles or is answered 504. */
  listed = true;
  previous: PendingHandler | undefined = undefined;
  next: PendingHandler | undefined = undefined;
  /** On Workers, its own timer instead of a place in the list. */
  timer: ReturnType<typeof setTimeout> | undefined = undefined;

  constructor(
    readonly route: string,
    readonly reject: (error: unknown) => void,
  ) {}
}

/** The app's time limit on its handlers, `timeout` ms, kept by one clock. */
export class HandlerDeadlines {
  /** The handlers pending, newest first: a list, so that one settling leaves it at no cost beyond its own links. */
  #first: PendingHandler | undefined;
  /** Milliseconds between ticks, and the ticks a handler must see to have been pending for the whole limit. */
  readonly #interval: number;
  readonly #ticks: number;
  #clock: Clock | undefined;

  constructor(
    readonly timeout: number,
    readonly log: AppLog = textLog(),
  ) {
    this.#interval = Math.min(MAX_INTERVAL, Math.max(1, Math.ceil(timeout / TICKS_PER_LIMIT)));
    // The first tick may come at once: one more than the limit holds makes the wait a whole limit at least.
    this.#ticks = Math.ceil(timeout / this.#interval) + 1;
  }

  /** `result`, or a rejection with a 504 HttpError if it has not settled within the limit; `route` names it in the log. */
  settleWithin<T>(result: T | PromiseLike<T>, route: string): T | Promise<T> {
    if (!isThenable(result)) return result;
    return new Promise<T>((resolve, reject) => {
      const pending = new PendingHandler(route, reject);
      this.#begin(pending);
      result.then(
        (value) => {
          this.#end(pending);
          resolve(value);
        },
        (error: unknown) => {
          this.#end(pending);
          reject(error);
        },
      );
    });
  }

  /** A handler pending for the whole limit: logged, and answered 504. */
  #expire(pending: PendingHandler): void {
    this.#end(pending);
    this.log.error(`${pending.route} did not answer within ${this.timeout} ms; answered 504`);
    pending.reject(refusal("timeout", 504, `the handler did not answer within ${this.timeout} ms`));
  }

  #begin(pending: PendingHandler): void {
    // Workers cancel a request's timers when it ends, so a clock one request started cannot time the next.
    if (ON_WORKERS) {
      pending.timer = setTimeout(() => this.#expire(pending), this.timeout);
      return;
    }
    // While a handler is pending, the clock keeps the process alive, as its own timer would have.
    const first = this.#first;
    if (first === undefined) this.#clock?.ref?.();
    else first.previous = pending;
    pending.next = first;
    this.#first = pending;
    if (this.#clock !== undefined) return;
    this.#clock = setInterval(() => this.#tick(), this.#interval) as Clock;
    // Its first tick is a whole interval away: it counts.
    pending.ticks = 1;
  }

  #end(pending: PendingHandler): void {
    if (!pending.listed) return;
    pending.listed = false;
    if (pending.timer !== undefined) {
      clearTimeout(pending.timer);
      return;
    }
    const { previous, next } = pending;
    if (previous === undefined) this.#first = next;
    else previous.next = next;
    if (next !== undefined) next.previous = previous;
    pending.previous = pending.next = undefined;
    if (this.#first === undefined) this.#clock?.unref?.();
  }

  #tick(): void {
    if (this.#first === undefined) {
      clearInterval(this.#clock);
      this.#clock = undefined;
      return;
    }
    let pending: PendingHandler | undefined = this.#first;
    while (pending !== undefined) {
      const next: PendingHandler | undefined = pending.next;
      if (++pending.ticks >= this.#ticks) this.#expire(pending);
      pending = next;
    }
  }
}

function isThenable<T>(value: T | PromiseLike<T>): value is PromiseLike<T> {
  return typeof (value as PromiseLike<T> | null)?.then === "function";
}
