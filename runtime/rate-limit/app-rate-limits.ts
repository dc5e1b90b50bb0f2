import type { RedisLink } from "../redis/redis-link.js";
import { type ClientAddress, connectionAddress } from "./client-address.js";
import { MemoryWindows } from "./memory-windows.js";
import { RedisWindows } from "./redis-windows.js";
import { type RateLimitDefinition, RouteRateLimit } from "./route-rate-limit.js";
import type { WindowCount, WindowCounter } from "./window-counts.js";

// An app's rate limits (docs/guide/rate-limits.md, "Memory and Redis"): each limited route counts
// on its own, in this process's memory, or in Redis when the app has a link,
// which createApp learns only once the components are built, after the
// handlers: each route's counter is chosen at its first request.

export class AppRateLimits {
  #redis: RedisLink | undefined;

  constructor(readonly clientAddress: ClientAddress = connectionAddress) {}

  /** The app's Redis link: every limited route counts there from its first request on. */
  countIn(redis: RedisLink): void {
    this.#redis = redis;
  }

  /** A route's limit; `route` (`POST /items/bulk`) names its keys in Redis, the same in every instance. */
  forRoute(definition: RateLimitDefinition, route: string, label: string): RouteRateLimit {
    return new RouteRateLimit(definition, new RouteCounter(this, `honest:rate-limit:${route}:`), this.clientAddress, label);
  }

  get redis(): RedisLink | undefined {
    return this.#redis;
  }
}

class RouteCounter implements WindowCounter {
  #counter: WindowCounter | undefined;

  constructor(
    readonly limits: AppRateLimits,
    readonly prefix: string,
  ) {}

  count(key: string, windowMs: number): WindowCount | Promise<WindowCount> {
    this.#counter ??= this.limits.redis ? new RedisWindows(this.limits.redis, this.prefix) : new MemoryWindows();
    return this.#counter.count(key, windowMs);
  }
}
