import type { RouteDecorator } from "./decorators.js";

// @Every and @Cron (docs/guide/scheduled-work.md, "Scheduled work"): the
// transformer checks them, removes them, and registers the class's jobs
// (schedule/scheduled-jobs.ts); in generator mode the module `honest
// generate` writes registers them, so that here they do nothing.

/** How often an `@Every` job runs: `"500ms"`, `"10s"`, `"5m"`, `"1h"`, or a whole number of ms; 100 ms at least. */
export type Interval = number | `${number}ms` | `${number}s` | `${number}m` | `${number}h`;

/**
 * Runs the method of an app-wide component every `interval`, on ticks aligned to the epoch (every instance agrees on
 * each tick's time), once every component's init() has run; once per tick across the instances when the app has a
 * Redis server (docs/guide/scheduled-work.md, "Scheduled work").
 * @honest Every
 */
export function Every(interval: Interval): RouteDecorator {
  void interval;
  return () => {};
}

/**
 * Runs the method of an app-wide component at the times a cron expression names, in UTC: 5 fields (minute, hour,
 * day of month, month, day of week), 6 with seconds first, or a nickname such as `@hourly`. Needs the croner package
 * (docs/guide/scheduled-work.md, "Cron expressions").
 * @honest Cron
 */
export function Cron(expression: string): RouteDecorator {
  void expression;
  return () => {};
}
