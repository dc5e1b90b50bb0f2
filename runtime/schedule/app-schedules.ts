import type { AppSchedule } from "./app-schedule.js";

// The scheduled jobs of each app createApp built, so that closing the app
// (closeComponents, which serve's close() and closeApp call) stops them
// before any component closes (docs/guide/scheduled-work.md, "At shutdown").

const schedules = new WeakMap<object, AppSchedule>();

export function rememberSchedule(app: object, schedule: AppSchedule): void {
  schedules.set(app, schedule);
}

/** Stops `app`'s jobs, once: no tick starts from now on, and the runs in progress are waited for, 10 s at most. */
export async function stopSchedule(app: object): Promise<void> {
  const schedule = schedules.get(app);
  if (schedule === undefined) return;
  schedules.delete(app);
  await schedule.stop();
}
