import type { RedisLink } from "../redis/redis-link.js";
import { RedisScript } from "../redis/redis-script.js";
import { MemoryWindows } from "./memory-windows.js";
import type { WindowCount, WindowCounter } from "./window-counts.js";

// Fixed windows counted in the Redis server the app's instances share
// (docs/guide/rate-limits.md, "Memory and Redis"): one Redis key per limited key and route, its
// count raised and, on the window's first request, given the window as its
// expiry, in one script, so that concurrent requests to several instances
// are counted exactly. Redis drops the key when its window ends.
//
// While Redis cannot answer (down, or slower than COUNT_TIMEOUT), this
// instance counts in its own memory instead, and says so once in the log;
// the limit then holds per instance until Redis is back (docs/guide/rate-limits.md, "When Redis is away").

/** INCR, and PEXPIRE on the window's first request (or on a key that lost its expiry); answers the count and the ms left. */
const COUNT_SCRIPT = new RedisScript(`local count = redis.call("INCR", KEYS[1])
local left = redis.call("PTTL", KEYS[1])
if count == 1 or left < 0 then
  redis.call("PEXPIRE", KEYS[1], ARGV[1])
  left = tonumber(ARGV[1])
end
return { count, left }`);

/** How long a request waits for Redis's count before this instance counts it itself. */
const COUNT_TIMEOUT = 500;

export class RedisWindows implements WindowCounter {
  /** Where requests are counted while Redis is away. */
  readonly #fallback = new MemoryWindows();
  #away = false;

  constructor(
    readonly link: RedisLink,
    /** Every key this counter makes starts with it: `honest:rate-limit:POST /items/bulk:`. */
    readonly prefix: string,
  ) {}

  count(key: string, windowMs: number): WindowCount | Promise<WindowCount> {
    const client = this.link.commands;
    if (client.status !== "ready") return this.#countHere(key, windowMs, `the connection is ${client.status}`);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const answered = COUNT_SCRIPT.run(client, [this.prefix + key], [windowMs]);
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${COUNT_TIMEOUT} ms`)), COUNT_TIMEOUT);
    });
    return Promise.race([answered, late]).then(
      (reply) => {
        clearTimeout(timer);
        if (this.#away) {
          this.#away = false;
          this.link.log.warn(`rate limits of ${this.prefix}* count in Redis (${this.link.where}) again`);
        }
        const [count, msLeft] = reply as [number, number];
        return { count, msLeft };
      },
      (error: unknown) => {
        clearTimeout(timer);
        // A late answer still counted in Redis; its rejection has no one left to hear it.
        answered.catch(() => {});
        return this.#countHere(key, windowMs, (error as Error)?.message ?? String(error));
      },
    );
  }

  #countHere(key: string, windowMs: number, why: string): WindowCount {
    if (!this.#away) {
      this.#away = true;
      this.link.log.warn(
        `Redis (${this.link.where}) cannot count rate limits (${why}); this instance counts ${this.prefix}* itself until Redis answers again`,
      );
    }
    return this.#fallback.count(key, windowMs);
  }
}
