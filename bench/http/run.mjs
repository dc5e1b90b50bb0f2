import { fileURLToPath } from "node:url";
import { checkEquivalence } from "./equivalence.mjs";
import { CONNECTIONS, measureLoad } from "./load.mjs";
import { IMPLEMENTATIONS } from "./implementations.mjs";
import { machine } from "./machine.mjs";
import { CAN_PIN, LOAD_CORE, pinSelf, SERVER_CORE } from "./pin.mjs";
import { MEASURED } from "./requests.mjs";
import { startServer } from "./start-server.mjs";
import { LABELS, roundsLine, routeTable } from "./table.mjs";
import { WITH_CORS } from "./workload.mjs";

// npm run bench: honest's example app against the same routes written by hand
// on Hono, on node:http and on Fastify, over real HTTP. Prints markdown for
// docs/benchmarks.md on standard output, progress on standard error.
//   BENCH_DURATION  seconds measured per run (10)   BENCH_WARMUP  seconds of warm-up (2)
//   BENCH_ROUNDS    rounds (3)               BENCH_WORKLOAD  cors (default) or plain: workload.mjs

pinSelf(fileURLToPath(import.meta.url));

const seconds = Number(process.env.BENCH_DURATION ?? 10);
const warmupSeconds = Number(process.env.BENCH_WARMUP ?? 2);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const FLOOR = 0.97;
const progress = (text) => process.stderr.write(`${text}\n`);

console.log(`Machine: ${machine()}\n`);
console.log(
  `Workload: ${WITH_CORS ? "hono/cors() with its defaults on every route (or each contender's equivalent)" : "no middleware (BENCH_WORKLOAD=plain)"}; GET /me checks a bearer token (honest: a resolver).\n`,
);
console.log(
  `Method: ${rounds} interleaved rounds, a fresh server process per (implementation, route, round)` +
    `${CAN_PIN ? ` pinned to core ${SERVER_CORE}, autocannon on core ${LOAD_CORE}` : " (not pinned: no taskset or one core)"}; ` +
    `${CONNECTIONS} connections, ${warmupSeconds} s warm-up then ${seconds} s measured; medians of the rounds, × hono the median of each round's ratio; CPU µs/req is the server process's user + system time over the measured run divided by the requests answered.\n`,
);

try {
  await checkEquivalence(IMPLEMENTATIONS);
  progress("equivalence: every implementation answers alike");
} catch (error) {
  console.error(`\n${error.message}`);
  process.exit(1);
}

// runs[route][implementation] = one measurement per round
const runs = Object.fromEntries(MEASURED.map(({ name }) => [name, Object.fromEntries(IMPLEMENTATIONS.map((impl) => [impl, []]))]));
const failures = [];
for (let round = 0; round < rounds; round++) {
  // Odd rounds run in reverse order, so none always runs first, and honest stays next to hono.
  const order = round % 2 === 0 ? IMPLEMENTATIONS : [...IMPLEMENTATIONS].reverse();
  for (const request of MEASURED) {
    for (const implementation of order) {
      const server = await startServer(implementation);
      try {
        const load = await measureLoad(server.port, request, { seconds, warmupSeconds, cpuSeconds: server.cpuSeconds });
        const run = { ...load, startupMs: server.startupMs, rssMb: server.rssMb() };
        runs[request.name][implementation].push(run);
        if (run.failures > 0)
          failures.push(`${LABELS[implementation]}, ${request.name}, round ${round + 1}: ${run.failures} errors or unexpected statuses`);
        progress(
          `round ${round + 1}/${rounds} ${request.name.padEnd(22)} ${LABELS[implementation].padEnd(15)} ` +
            `${Math.round(run.rps).toString().padStart(6)} req/s  ${run.cpuUs.toFixed(1).padStart(5)} µs CPU/req  p99 ${run.p99Ms} ms  startup ${Math.round(run.startupMs)} ms  RSS ${run.rssMb.toFixed(1)} MB`,
        );
      } finally {
        await server.stop();
      }
    }
  }
}

const ratios = [];
for (const request of MEASURED) {
  const { summary, text } = routeTable(runs[request.name]);
  ratios.push([request.name, summary.honest.ratio]);
  console.log(`### ${request.name}\n\n${text}\n\nreq/s per round (× hono): ${roundsLine(runs[request.name])}\n`);
}
const below = ratios.filter(([, ratio]) => ratio < FLOOR);
console.log(
  `honest ÷ hand-written Hono: ${ratios.map(([name, ratio]) => `${name} ${ratio.toFixed(2)}`).join(", ")}; ` +
    (below.length === 0
      ? `at or above the ${FLOOR} floor on every route.`
      : `below the ${FLOOR} floor on ${below.map(([name]) => name).join(", ")}.`),
);
if (failures.length > 0) {
  console.log(`\nFailures (must be none):\n- ${failures.join("\n- ")}`);
  process.exitCode = 1;
} else {
  console.log("\nErrors, timeouts and unexpected statuses: none in any run (POST answers 201).");
}
