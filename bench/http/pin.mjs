import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import os from "node:os";

// Pinning: the load generator (this process) on core 0, each server on core 1,
// so they do not take turns on one core. Only with taskset and two cores.

const TASKSET = "/usr/bin/taskset";
// os.cpus(), not availableParallelism(): the latter is 1 once this process is pinned.
export const CAN_PIN = existsSync(TASKSET) && os.cpus().length >= 2;
export const LOAD_CORE = 0;
export const SERVER_CORE = 1;

/** The command and arguments that run `args` (a command line: node's, or bun's) on `core`. */
export function pinned(core, args) {
  return CAN_PIN ? [TASKSET, ["-c", String(core), ...args]] : [args[0], args.slice(1)];
}

/** Runs this script again on the load core, once, and exits with its status. */
export function pinSelf(script) {
  if (!CAN_PIN || process.env.HONEST_BENCH_PINNED === "1") return;
  const [command, args] = pinned(LOAD_CORE, [process.execPath, script, ...process.argv.slice(2)]);
  const { status, signal } = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, HONEST_BENCH_PINNED: "1" } });
  process.exit(signal ? 1 : (status ?? 1));
}
