// Wall time, CPU time and peak memory of one compiler run: `node <script> -p
// <tsconfig>` under GNU `/usr/bin/time -v` (its "User time", "System time" and
// "Maximum resident set size"), or, without it, under peak-rss.cjs, which
// reports the same figures from inside the process. CPU time is the steadier
// figure on a shared machine: waiting for a core adds to wall time only.

import { spawn } from "node:child_process";
import { existsSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { busySeconds } from "./cpu-load.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const GNU_TIME = "/usr/bin/time";
export const PEAK_RSS_TOOL = existsSync(GNU_TIME) ? "/usr/bin/time -v" : "process.resourceUsage().maxRSS";

function run(command, args, cwd) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, output }));
  });
}

/**
 * { seconds (wall), cpuSeconds (user + system), mb (peak RSS), othersCpuSeconds (what the rest of the
 * machine used meanwhile) } of compiling `tsconfig` with `script` (tsc or tspc), from an empty `outDir`;
 * `leading` goes before `-p` (`honest generate -p tsconfig.json`). */
export async function measureBuild(script, tsconfig, outDir, leading = []) {
  if (outDir !== undefined) rmSync(outDir, { recursive: true, force: true });
  const args = [...leading, "-p", tsconfig];
  const [command, commandArgs] = existsSync(GNU_TIME)
    ? [GNU_TIME, ["-v", process.execPath, script, ...args]]
    : [process.execPath, [join(here, "peak-rss.cjs"), script, ...args]];
  const start = performance.now();
  const busyBefore = busySeconds();
  const { code, output } = await run(command, commandArgs, dirname(tsconfig));
  const seconds = (performance.now() - start) / 1000;
  const busy = busySeconds() - busyBefore;
  if (code !== 0) throw new Error(`${script} -p ${tsconfig} exited with ${code}:\n${output.slice(0, 4000)}`);
  const kilobytes = /Maximum resident set size \(kbytes\): (\d+)/.exec(output);
  if (!kilobytes) throw new Error(`no peak memory in the output of ${script}:\n${output.slice(0, 4000)}`);
  const cpu = ["User", "System"].map((kind) => Number(new RegExp(`${kind} time \\(seconds\\): ([\\d.]+)`).exec(output)?.[1]));
  const cpuSeconds = cpu[0] + cpu[1];
  return { seconds, cpuSeconds, mb: Number(kilobytes[1]) / 1024, othersCpuSeconds: Math.max(0, busy - cpuSeconds) };
}
