import type { RedisLink } from "../redis/redis-link.js";
import { claimTick } from "./tick-claim.js";
import type { TickTimes } from "./tick-times.js";
import type { AppLog } from "../telemetry/app-log.js";

// One job of a running app (docs/guide/scheduled-work.md, "Scheduled work"):
// a timer set for its next tick, a run at each tick unless the last one is
// still going (skipped, and said once), an error logged with its stack and
// the schedule going on, and, with Redis, a claim of the tick first.

/** Longest a timer is set for: setTimeout's limit is 2^31 - 1 ms, about 24 days; a farther tick is waited for in steps. */
const LONGEST_TIMER = 2 ** 31 - 1;

export interface JobWhere {
  /** `ItemStats.refresh`, as logs, the route table and the Redis key name it. */
  readonly name: string;
  readonly call: () => unknown;
  /** How the table shows it: `EVERY` and `30s`, or `CRON` and the expression. */
  readonly method: string;
  readonly when: string;
  /** Where the job's failures and skipped ticks are logged. */
  readonly log: AppLog;
}

export class ScheduledJob {
  readonly #where: JobWhere;
  #ticks: TickTimes | undefined;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #running: Promise<void> | undefined;
  #runningTick = 0;
  #overlapSaid = false;
  #claimFailureSaid = false;
  #stopped = false;

  constructor(where: JobWhere) {
    this.#where = where;
  }

  get name(): string {
    return this.#where.name;
  }

  get where(): JobWhere {
    return this.#where;
  }

  /** Sets the timer for the first tick after now. */
  start(ticks: TickTimes, redis: RedisLink | undefined, instance: string): void {
    if (this.#stopped) return;
    this.#ticks = ticks;
    this.#arm(Date.now(), redis, instance);
  }

  /** No tick starts from now on; resolves when the run in progress, if any, has finished. */
  stop(): Promise<void> | undefined {
    this.#stopped = true;
    clearTimeout(this.#timer);
    return this.#running;
  }

  #arm(after: number, redis: RedisLink | undefined, instance: string): void {
    const tick = this.#ticks!.next(after);
    if (tick === undefined || this.#stopped) return;
    const wait = () => {
      if (this.#stopped) return;
      const now = Date.now();
      if (now < tick) {
        this.#timer = unref(setTimeout(wait, Math.min(tick - now, LONGEST_TIMER)));
        return;
      }
      this.#tick(tick, redis, instance);
      // From now rather than from the tick: after a pause longer than a period (a suspended laptop) the missed ticks are not caught up.
      this.#arm(Math.max(now, tick), redis, instance);
    };
    wait();
  }

  #tick(tick: number, redis: RedisLink | undefined, instance: string): void {
    if (this.#running) {
      if (!this.#overlapSaid) {
        this.#overlapSaid = true;
        this.#where.log.warn(
          `${this.#where.name} is still running from the tick of ${iso(this.#runningTick)}, so its tick of ${iso(tick)} is skipped, ` +
            'as is every tick until it finishes (docs/guide/scheduled-work.md, "A run that outlasts its tick")',
        );
      }
      return;
    }
    this.#runningTick = tick;
    this.#running = this.#run(tick, redis, instance).finally(() => {
      this.#running = undefined;
      this.#overlapSaid = false;
    });
  }

  async #run(tick: number, redis: RedisLink | undefined, instance: string): Promise<void> {
    // A tick claimed is run even if a close began meanwhile: no other instance will run it, and the close waits for it.
    if (redis && !(await this.#claim(tick, redis, instance))) return;
    try {
      await this.#where.call();
    } catch (error) {
      const failed = `${this.#where.name} failed at its tick of ${iso(tick)}; the schedule goes on`;
      // As text, the stack in the line itself, as it always was; structured, in the line's err.
      if (this.#where.log.structured) this.#where.log.error(failed, { err: error });
      else this.#where.log.error(`${failed}:\n${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    }
  }

  async #claim(tick: number, redis: RedisLink, instance: string): Promise<boolean> {
    try {
      const gap = (this.#ticks!.next(tick) ?? tick) - tick;
      const won = await claimTick(redis.commands, this.#where.name, tick, gap, instance);
      this.#claimFailureSaid = false;
      return won;
    } catch (error) {
      // Without the claim no instance can know it alone runs the tick: skipped here, said once until a claim works again.
      if (!this.#claimFailureSaid) {
        this.#claimFailureSaid = true;
        this.#where.log.warn(
          `${this.#where.name} skips its tick of ${iso(tick)}, which it could not claim in Redis (${redis.where}): ` +
            `${(error as Error).message}; so will every tick until Redis answers`,
        );
      }
      return false;
    }
  }
}

function iso(time: number): string {
  return new Date(time).toISOString();
}

/** A timer that does not keep the process alive by itself: a server's socket does that, and a script that built an app can end. */
function unref(timer: ReturnType<typeof setTimeout>): ReturnType<typeof setTimeout> {
  (timer as { unref?: () => void }).unref?.();
  return timer;
}
