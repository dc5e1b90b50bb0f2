import type { Context } from "hono";
import { refusal } from "../errors/failed-check.js";
import type { ClientAddress } from "./client-address.js";
import { policyHeader, rateLimitHeader, secondsLeft } from "./rate-limit-headers.js";
import { rateLimitKey } from "./rate-limit-key.js";
import type { WindowCount, WindowCounter } from "./window-counts.js";

// One route's `@RateLimit` as its handler calls it (docs/guide/rate-limits.md, "Rate limits"): the
// generated handler's first step, `await rateLimit.take(c)`, for a limit
// keyed by client address; or, for one keyed `by` a resolver, right after
// the resolver, `await rateLimit.take(c, currentUser)`. Allowed, the answer
// gets RateLimit and RateLimit-Policy; refused, a 429 problem with them and
// Retry-After, through the app's error answers.

/** A route's limit as its generated definition writes it: `rateLimit: { limit: 5, window: 60000 }`. */
export interface RateLimitDefinition {
  readonly limit: number;
  /** The window's length in ms. */
  readonly window: number;
}

export class RouteRateLimit {
  readonly #policy: string;

  constructor(
    readonly definition: RateLimitDefinition,
    readonly counter: WindowCounter,
    readonly clientAddress: ClientAddress,
    /** `POST /items/bulk (ItemController.bulk)`, for messages. */
    readonly label: string,
  ) {
    this.#policy = policyHeader(definition.limit, definition.window);
  }

  /**
   * Counts the request against its key: `value`, the `by` resolver's value, when it has one; else the client's
   * address. Resolves when the request may go on; throws the 429 otherwise.
   */
  take(c: Context, value?: unknown): void | Promise<void> {
    const key = value === undefined || value === null ? this.#addressKey(c) : rateLimitKey(value, this.label);
    const counted = this.counter.count(key, this.definition.window);
    if (counted instanceof Promise) return counted.then((count) => this.#settle(c, count));
    this.#settle(c, counted);
  }

  #addressKey(c: Context): string {
    const address = this.clientAddress(c);
    if (typeof address === "string" && address !== "") return `address:${address}`;
    throw new Error(
      `honest: ${this.label} is rate limited by client address, and this request's address is unknown: the runtime did not give ` +
        "the connection's peer (app.request never does). Give createApp a clientAddress function: createApp({ clientAddress: " +
        'forwardedFor(1) }) behind one proxy, or (c) => ... reading your runtime\'s (docs/guide/rate-limits.md, "Behind a proxy")',
    );
  }

  #settle(c: Context, { count, msLeft }: WindowCount): void {
    const { limit } = this.definition;
    const seconds = secondsLeft(msLeft);
    const headers = { "RateLimit-Policy": this.#policy, RateLimit: rateLimitHeader(Math.max(0, limit - count), seconds) };
    if (count <= limit) {
      c.header("RateLimit-Policy", headers["RateLimit-Policy"]);
      c.header("RateLimit", headers.RateLimit);
      return;
    }
    const detail = `more than ${limit} request${limit === 1 ? "" : "s"} in ${windowText(this.definition.window)}; try again in ${seconds} s`;
    throw refusal("rate-limit", 429, detail, {}, { ...headers, "Retry-After": String(seconds) });
  }
}

/** `1 minute`, `30 seconds`, `1500 ms`. */
function windowText(ms: number): string {
  for (const [unit, length] of [
    ["day", 86_400_000],
    ["hour", 3_600_000],
    ["minute", 60_000],
    ["second", 1_000],
  ] as const) {
    if (ms % length === 0) return `${ms / length} ${unit}${ms === length ? "" : "s"}`;
  }
  return `${ms} ms`;
}
