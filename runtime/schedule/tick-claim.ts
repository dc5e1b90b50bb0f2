import type { RedisClient } from "../redis/redis-client.js";

// Once per tick across the fleet (docs/guide/scheduled-work.md, "Once per
// tick across instances"): before a run, each instance tries to write the
// tick's key, and only the one whose SET NX succeeds runs it. The key names
// the tick's time, which every instance computes alike (tick-times.ts), so
// the next tick is a new key and nothing has to be released; the key
// outlives the tick by at least a minute, so that an instance whose clock
// is late finds it still there.

/** How long a tick's key lives at the least: longer than the clocks of two instances should ever differ. */
const MINIMUM_TTL = 60_000;

/** Whether this instance won `tick` of `job` (`ItemStats.refresh`). */
export async function claimTick(client: RedisClient, job: string, tick: number, gap: number, instance: string): Promise<boolean> {
  const ttl = Math.max(gap, MINIMUM_TTL);
  const reply = await client.call("SET", `honest:schedule:${job}:${tick}`, instance, "NX", "PX", ttl);
  return reply === "OK";
}
