import { classRecords } from "../compiled/class-records.js";

// The jobs of each class with @Every or @Cron methods
// (docs/guide/scheduled-work.md, "Scheduled work"), registered after its
// declaration by the transformer, or by the module `honest generate` writes:
//
//   __honest.defineSchedules(ItemStats, [["refresh", "every", 30000, "30s"], ["purge", "cron", "0 3 * * *"]]);
//
// Kept under a Symbol.for key, so that an ES module and a CommonJS copy of
// honest loaded together agree. Not inherited: a subclass has its own.

/** One job: the method it calls, and when, as the decorator wrote it. */
export type ScheduleEntry =
  | readonly [member: string, kind: "every", interval: number, written: string]
  | readonly [member: string, kind: "cron", expression: string];

const schedules = classRecords<ScheduleEntry>("honest.schedules", { configurable: true });

export const defineSchedules = schedules.define;
/** The jobs registered for `target` itself; none for a class that has no @Every or @Cron method. */
export const schedulesOf = schedules.ownOf;
