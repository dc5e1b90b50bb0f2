import { RedisLink } from "./redis-link.js";
import type { AppLog } from "../telemetry/app-log.js";

// createApp's `redis` option (docs/guide/several-instances.md, "Several instances"):
// a URL, or a function of the app's components that gives one, so that the
// URL can come from a settings class read like any other (REDIS_URL). No URL,
// no Redis: the app's topics, rate limits and schedules stay in this process,
// and ioredis is never loaded.

/** What createApp's `redis` option calls to reach a component, as `componentOf(app, C)` does. */
export type ComponentLookup = <T>(component: abstract new (...args: never) => T) => T;

/** A Redis URL (`redis://…`, `rediss://…` for TLS), or a function of the app's components that gives one or `undefined`. */
export type RedisOption = string | ((component: ComponentLookup) => string | undefined);

/** The app's link to Redis, or `undefined` when it is given none; a URL that is not a Redis URL stops the app from starting. */
export function redisLinkFor(option: RedisOption | undefined, component: ComponentLookup, log?: AppLog): RedisLink | undefined {
  const url = typeof option === "function" ? option(component) : option;
  if (url === undefined || url === "") return undefined;
  if (typeof url !== "string" || !/^rediss?:\/\/[^\s]+$/.test(url) || !URL.canParse(url)) {
    throw new Error(
      `honest: createApp's redis must be a Redis URL, redis://host:port or rediss://host:port for TLS (with user:password@ and /db as needed); got ${typeof url === "string" ? "a string that is not one" : typeof url}`,
    );
  }
  return new RedisLink(url, log);
}

const links = new WeakMap<object, RedisLink>();

export function rememberRedis(app: object, link: RedisLink): void {
  links.set(app, link);
}

/** The app's link to Redis, if it has one. */
export function redisLinkOf(app: object): RedisLink | undefined {
  return links.get(app);
}
