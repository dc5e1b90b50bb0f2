import type { RedisLink } from "../redis/redis-link.js";
import { type CronClass, loadCroner } from "./load-croner.js";
import { ScheduledJob } from "./scheduled-job.js";
import { type ScheduleEntry, schedulesOf } from "./scheduled-jobs.js";
import { cronTicks, intervalTicks } from "./tick-times.js";
import { type AppLog, textLog } from "../telemetry/app-log.js";

// The scheduled jobs of one app (docs/guide/scheduled-work.md, "Scheduled
// work"): made when createApp builds the classes that have them, started once
// every component's init() has settled, and stopped by closeComponents
// before any component's close(), which waits for the runs in progress, at
// most 10 s.

/** How long a close waits for runs in progress before closing the components anyway (docs/guide/scheduled-work.md, "At shutdown"). */
export const DRAIN_LIMIT = 10_000;

export class AppSchedule {
  readonly #jobs: readonly ScheduledJob[];
  /** Each job's entry, as registered: when it runs. */
  readonly #entries: ReadonlyMap<ScheduledJob, ScheduleEntry>;
  readonly #redis: RedisLink | undefined;
  #Cron: CronClass | undefined;
  #stopped = false;

  /** `classes` with their app's instances: the components createApp built for their jobs. */
  readonly #log: AppLog;

  constructor(
    classes: readonly { readonly component: Function; readonly instance: object }[],
    redis: RedisLink | undefined,
    log: AppLog = textLog(),
  ) {
    this.#log = log;
    const jobs: ScheduledJob[] = [];
    const entries = new Map<ScheduledJob, ScheduleEntry>();
    for (const { component, instance } of classes) {
      for (const entry of schedulesOf(component)) {
        const [member, kind] = entry;
        const method = (instance as Record<string, unknown>)[member];
        const name = `${component.name}.${member}`;
        if (typeof method !== "function") throw new Error(`honest: ${name} is scheduled but is not a method at run time`);
        const job = new ScheduledJob({
          name,
          call: () => method.call(instance),
          method: kind === "every" ? "EVERY" : "CRON",
          when: kind === "every" ? entry[3] : entry[2],
          log,
        });
        jobs.push(job);
        entries.set(job, entry);
      }
    }
    this.#jobs = jobs;
    this.#entries = entries;
    this.#redis = redis;
  }

  get size(): number {
    return this.#jobs.length;
  }

  /** The route table's rows: `EVERY 30s → ItemStats.refresh`. */
  rows(): { readonly method: string; readonly path: string; readonly controller: string }[] {
    return this.#jobs.map((job) => ({ method: job.where.method, path: job.where.when, controller: job.name }));
  }

  /** What must be ready before the app starts: croner, when a job has a cron expression; undefined when nothing is to wait for. */
  prepare(): Promise<void> | undefined {
    const cron = this.#jobs.filter((job) => this.#entries.get(job)![1] === "cron");
    if (cron.length === 0) return undefined;
    const names = cron.map((job) => job.name).join(", ");
    return loadCroner(names).then((Cron) => {
      this.#Cron = Cron;
    });
  }

  /** Sets each job's timer; called once every component's init() has settled. */
  start(): void {
    if (this.#stopped || this.#jobs.length === 0) return;
    // A Worker lives for its requests, and its timers with them: Cron Triggers schedule work there (docs/guide/scheduled-work.md, "Where jobs run").
    if ((globalThis as { navigator?: { userAgent?: string } }).navigator?.userAgent === "Cloudflare-Workers") return;
    let instance: string;
    try {
      // Made here rather than when the app is built: Workers allow no random values in a module's global scope.
      instance = globalThis.crypto.randomUUID();
      for (const job of this.#jobs) {
        const entry = this.#entries.get(job)!;
        const ticks = entry[1] === "every" ? intervalTicks(entry[2]) : cronTicks(this.#Cron!, entry[2]);
        job.start(ticks, this.#redis, instance);
      }
    } catch (error) {
      // Where the runtime allows no timer outside a request (a Worker's global scope), the app serves without its jobs.
      this.#log.error(`the scheduled jobs cannot run here: ${(error as Error).message} (docs/guide/scheduled-work.md, "Where jobs run")`);
    }
  }

  /** No tick starts from now on; resolves once the runs in progress have finished, or after 10 s, naming those that have not. */
  async stop(): Promise<void> {
    this.#stopped = true;
    const running = this.#jobs.flatMap((job) => {
      const run = job.stop();
      return run ? [{ job, run }] : [];
    });
    if (running.length === 0) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = await Promise.race([
      Promise.all(running.map(({ run }) => run)).then(() => false),
      new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(true), DRAIN_LIMIT);
      }),
    ]);
    clearTimeout(timer);
    if (late) {
      this.#log.warn(
        `${running.map(({ job }) => job.name).join(", ")} still running ${DRAIN_LIMIT / 1000} s after the app began to close; ` +
          "closing the components anyway",
      );
    }
  }
}
