import { measureLoad } from "./load.mjs";
import { machine } from "./machine.mjs";
import { progress, ROUND_SETTINGS } from "./rounds.mjs";
import { startNodeServer } from "./start-server.mjs";
import { median } from "./table.mjs";

// The rounds of a bench that compares a few servers on one request (bench:logs, bench:tracing; docs/benchmarks.md):
// each run a fresh server process, the runs interleaved (reversed every other round), each measured with bench/http's
// load; then the table of medians, and what must be none, the failures. The caller prints its own ratios with `at`.

/**
 * Measures each of `runs` (by name: its table label, and the node arguments of its server) on `request`, and prints
 * the table; returns `at(name, key)`, the median of a figure ("rps", "cpuUs", "p99Ms") over the rounds.
 */
export async function measureContenders(runs, request, { seconds, warmupSeconds, rounds } = ROUND_SETTINGS) {
  const measured = Object.fromEntries(Object.keys(runs).map((name) => [name, []]));
  const failures = [];
  const width = Math.max(...Object.values(runs).map(({ label }) => label.length));
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? Object.keys(runs) : Object.keys(runs).reverse();
    for (const name of order) {
      const { label, args } = runs[name];
      const server = await startNodeServer(name, args);
      try {
        const run = await measureLoad(server.port, request, { seconds, warmupSeconds, cpuSeconds: server.cpuSeconds });
        measured[name].push(run);
        if (run.failures > 0) failures.push(`${label}, round ${round + 1}: ${run.failures} failures`);
        progress(
          `round ${round + 1}/${rounds} ${label.padEnd(width)} ${Math.round(run.rps).toString().padStart(6)} req/s  ` +
            `${run.cpuUs.toFixed(1).padStart(6)} µs CPU/req  p99 ${run.p99Ms} ms`,
        );
      } finally {
        await server.stop();
      }
    }
  }
  const at = (name, key) => median(measured[name].map((run) => run[key]));
  console.log(machine());
  console.log(
    `${rounds} interleaved rounds, a fresh server per (run, round), 50 connections, ${warmupSeconds} s warm-up then ${seconds} s measured; medians of the rounds. CPU µs/req is the server process's user + system time over the measured run divided by the requests answered.\n`,
  );
  console.log("| server | req/s | CPU µs/req | p99 ms |\n|---|---:|---:|---:|");
  for (const [name, { label }] of Object.entries(runs))
    console.log(`| ${label} | ${Math.round(at(name, "rps"))} | ${at(name, "cpuUs").toFixed(1)} | ${at(name, "p99Ms")} |`);
  return { at, failures };
}

/** Prints the failures, and fails the process, if there were any. */
export function reportContenderFailures(failures) {
  if (failures.length > 0) {
    console.log(`Failures (must be none):\n- ${failures.join("\n- ")}`);
    process.exitCode = 1;
  } else console.log("Errors, timeouts and unexpected statuses: none in any run.");
}
