import type { CronClass } from "./load-croner.js";

// When a job's ticks fall (docs/guide/scheduled-work.md, "When ticks fall"):
// an interval's on whole multiples of it since the epoch, floor(now /
// interval), and a cron expression's at the times it names, in UTC. Both
// depend only on the clock, so every instance agrees on each tick's time,
// which is what the Redis claim of a tick is keyed by (tick-claim.ts).

export interface TickTimes {
  /** The first tick after `after` (ms since the epoch), or undefined when there is none (a cron date that never comes). */
  next(after: number): number | undefined;
}

export function intervalTicks(interval: number): TickTimes {
  return { next: (after) => (Math.floor(after / interval) + 1) * interval };
}

export function cronTicks(Cron: CronClass, expression: string): TickTimes {
  // croner only computes here: honest's own timers run the job, so croner's are never started (paused).
  const cron = new Cron(expression, { paused: true, timezone: "UTC", mode: "5-or-6-parts" });
  return { next: (after) => cron.nextRun(new Date(after))?.getTime() };
}
