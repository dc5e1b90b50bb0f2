import { measureLoad } from "./load.mjs";
import { MEASURED } from "./requests.mjs";
import { LABELS } from "./table.mjs";

// The measuring loop both load benches run (npm run bench, npm run bench:bun):
// interleaved rounds, a fresh server per (implementation, route, round), the
// load, the server's CPU, memory and startup, and a progress line each.

/** BENCH_DURATION, BENCH_WARMUP and BENCH_ROUNDS, with their defaults. */
export const ROUND_SETTINGS = {
  seconds: Number(process.env.BENCH_DURATION ?? 10),
  warmupSeconds: Number(process.env.BENCH_WARMUP ?? 2),
  rounds: Number(process.env.BENCH_ROUNDS ?? 3),
};

export const progress = (text) => process.stderr.write(`${text}\n`);

/**
 * `runs[route][implementation]`, one measurement per round, and the runs that
 * had errors or unexpected statuses, as sentences. Odd rounds run the
 * implementations in reverse order, so that none always runs first.
 */
export async function measureRounds(implementations, start, { seconds, warmupSeconds, rounds } = ROUND_SETTINGS) {
  const runs = Object.fromEntries(MEASURED.map(({ name }) => [name, Object.fromEntries(implementations.map((impl) => [impl, []]))]));
  const failures = [];
  const labelWidth = Math.max(...implementations.map((impl) => LABELS[impl].length)) + 2;
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? implementations : [...implementations].reverse();
    for (const request of MEASURED) {
      for (const implementation of order) {
        const server = await start(implementation);
        try {
          const load = await measureLoad(server.port, request, { seconds, warmupSeconds, cpuSeconds: server.cpuSeconds });
          const run = { ...load, startupMs: server.startupMs, rssMb: server.rssMb() };
          runs[request.name][implementation].push(run);
          if (run.failures > 0)
            failures.push(`${LABELS[implementation]}, ${request.name}, round ${round + 1}: ${run.failures} errors or unexpected statuses`);
          progress(
            `round ${round + 1}/${rounds} ${request.name.padEnd(22)} ${LABELS[implementation].padEnd(labelWidth)} ` +
              `${Math.round(run.rps).toString().padStart(6)} req/s  ${run.cpuUs.toFixed(1).padStart(5)} µs CPU/req  p99 ${run.p99Ms} ms  startup ${Math.round(run.startupMs)} ms  RSS ${run.rssMb.toFixed(1)} MB`,
          );
        } finally {
          await server.stop();
        }
      }
    }
  }
  return { runs, failures };
}

/** The last line of a run's output: its failures, which fail the run, or that there were none. */
export function reportFailures(failures) {
  if (failures.length > 0) {
    console.log(`\nFailures (must be none):\n- ${failures.join("\n- ")}`);
    process.exitCode = 1;
  } else {
    console.log("\nErrors, timeouts and unexpected statuses: none in any run (POST answers 201).");
  }
}
