import { fileURLToPath } from "node:url";
import { checkEquivalence } from "../http/equivalence.mjs";
import { CONNECTIONS } from "../http/load.mjs";
import { machine } from "../http/machine.mjs";
import { CAN_PIN, LOAD_CORE, pinSelf, SERVER_CORE } from "../http/pin.mjs";
import { MEASURED } from "../http/requests.mjs";
import { LABELS, median, roundsLine, routeTable } from "../http/table.mjs";
import { measureRounds, progress, ROUND_SETTINGS, reportFailures } from "../http/rounds.mjs";
import { WORKLOAD_LINE } from "../http/workload.mjs";
import { CONTENDERS } from "./contenders.mjs";
import { installBench } from "./install.mjs";
import { HONEST_ON_NODE, startContender } from "./start-contender.mjs";

// npm run bench:bun: honest's example app on Bun against the same routes by
// hand on Hono, on Elysia and on bare Bun.serve, all served by Bun, over real
// HTTP, with the Node bench's requests, equivalence check, load (autocannon,
// in this Node process on the load core) and tables; honest on Node too, for
// context. Prints markdown on standard output, progress on standard error.
//   BENCH_DURATION  seconds measured per run (10)   BENCH_WARMUP  seconds of warm-up (2)
//   BENCH_ROUNDS    rounds (3)                      BENCH_NODE=0  leaves honest on Node out
//   BENCH_WORKLOAD  cors (default) or plain, as for npm run bench (bench/http/workload.mjs)

pinSelf(fileURLToPath(import.meta.url));

const { seconds, warmupSeconds, rounds } = ROUND_SETTINGS;
const implementations = process.env.BENCH_NODE === "0" ? CONTENDERS : [...CONTENDERS, HONEST_ON_NODE];

const bunVersion = installBench(progress);
console.log(`Machine: bun ${bunVersion}, ${machine()}\n`);
console.log(WORKLOAD_LINE);
console.log(
  `Method: ${rounds} interleaved rounds, a fresh server process per (implementation, route, round), \`bun bench/bun/server.mjs <implementation>\`` +
    `${CAN_PIN ? ` pinned to core ${SERVER_CORE}, autocannon (in Node) on core ${LOAD_CORE}` : " (not pinned: no taskset or one core)"}; ` +
    `${CONNECTIONS} connections, ${warmupSeconds} s warm-up then ${seconds} s measured; medians of the rounds, × hono the median of each round's ratio to hono on Bun; CPU µs/req is the server process's user + system time over the measured run divided by the requests answered.\n`,
);

try {
  await checkEquivalence(implementations, "honest", startContender);
  progress("equivalence: every implementation answers alike");
} catch (error) {
  console.error(`\n${error.message}`);
  process.exit(1);
}

const { runs, failures } = await measureRounds(implementations, startContender);

/** The median over rounds of honest's `figure` divided by `other`'s, in the same round. */
const honestOver = (routeRuns, other, figure) =>
  median(routeRuns.honest.map((run, round) => run[figure] / routeRuns[other][round][figure]));
/** How busy the server's core was: req/s × CPU s/req. Well under 100 %: autocannon's core, not the server's, set the pace. */
const busy = (summary) => `${Math.round((summary.rps * summary.cpuUs) / 1e4)} %`;
const closing = [];
for (const request of MEASURED) {
  const routeRuns = runs[request.name];
  const { summary, text } = routeTable(routeRuns);
  closing.push({
    name: request.name,
    rps: { hono: honestOver(routeRuns, "hono", "rps"), elysia: honestOver(routeRuns, "elysia", "rps") },
    cpuUs: { hono: honestOver(routeRuns, "hono", "cpuUs"), elysia: honestOver(routeRuns, "elysia", "cpuUs") },
  });
  const busyLine = Object.entries(summary)
    .map(([name, s]) => `${LABELS[name] ?? name} ${busy(s)}`)
    .join(", ");
  console.log(
    `### ${request.name}\n\n${text}\n\nreq/s per round (× hono): ${roundsLine(routeRuns)}\n\nServer core busy (req/s × CPU µs/req): ${busyLine}\n`,
  );
}
const list = (figure, other) => closing.map((route) => `${route.name} ${route[figure][other].toFixed(2)}`).join(", ");
console.log(
  `On Bun, honest's CPU µs per request ÷ hand-written Hono's (below 1: honest spends less): ${list("cpuUs", "hono")}; ÷ Elysia's: ${list("cpuUs", "elysia")}.\n`,
);
console.log(`On Bun, honest's req/s ÷ hand-written Hono's: ${list("rps", "hono")}; ÷ Elysia's: ${list("rps", "elysia")}.`);
reportFailures(failures);
