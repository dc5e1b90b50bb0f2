// The machine's CPU use from /proc/stat, for a shared machine: wait until
// nobody else is busy before measuring, and tell afterwards how much CPU time
// other processes took while a measurement ran. Without /proc/stat (not
// Linux) nothing waits and nothing is reported.

import { existsSync, readFileSync } from "node:fs";

const STAT = "/proc/stat";
const TICKS_PER_SECOND = 100; // USER_HZ, 100 on every Linux Node supports
const QUIET_CORES = 0.25;
const SAMPLE_MS = 1000;
const MAX_WAIT_MS = 90_000;

export const HAS_CPU_STAT = existsSync(STAT);

/** CPU seconds spent busy (all cores, everything but idle and iowait) since boot. */
export function busySeconds() {
  if (!HAS_CPU_STAT) return 0;
  const [user, nice, system, , , irq, softirq, steal] = readFileSync(STAT, "utf8").split("\n")[0].trim().split(/\s+/).slice(1).map(Number);
  return (user + nice + system + irq + softirq + steal) / TICKS_PER_SECOND;
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until the machine has been nearly idle for a second (at most MAX_WAIT_MS); returns the ms waited. */
export async function waitForQuiet() {
  if (!HAS_CPU_STAT) return 0;
  const start = performance.now();
  while (performance.now() - start < MAX_WAIT_MS) {
    const before = busySeconds();
    await sleep(SAMPLE_MS);
    if ((busySeconds() - before) / (SAMPLE_MS / 1000) < QUIET_CORES) break;
  }
  return performance.now() - start;
}
