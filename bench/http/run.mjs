import { fileURLToPath } from "node:url";
import { checkEquivalence } from "./equivalence.mjs";
import { CONNECTIONS } from "./load.mjs";
import { IMPLEMENTATIONS } from "./implementations.mjs";
import { machine } from "./machine.mjs";
import { CAN_PIN, LOAD_CORE, pinSelf, SERVER_CORE } from "./pin.mjs";
import { MEASURED } from "./requests.mjs";
import { startServer } from "./start-server.mjs";
import { roundsLine, routeTable } from "./table.mjs";
import { measureRounds, progress, ROUND_SETTINGS, reportFailures } from "./rounds.mjs";
import { WORKLOAD_LINE } from "./workload.mjs";

// npm run bench: honest's example app against the same routes written by hand
// on Hono, on node:http and on Fastify, over real HTTP. Prints markdown for
// docs/benchmarks.md on standard output, progress on standard error.
//   BENCH_DURATION  seconds measured per run (10)   BENCH_WARMUP  seconds of warm-up (2)
//   BENCH_ROUNDS    rounds (3)               BENCH_WORKLOAD  cors (default) or plain: workload.mjs

pinSelf(fileURLToPath(import.meta.url));

const { seconds, warmupSeconds, rounds } = ROUND_SETTINGS;
const FLOOR = 0.97;

console.log(`Machine: ${machine()}\n`);
console.log(WORKLOAD_LINE);
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

const { runs, failures } = await measureRounds(IMPLEMENTATIONS, startServer);

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
reportFailures(failures);
