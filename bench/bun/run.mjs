import { fileURLToPath } from "node:url";
import { checkEquivalence } from "../http/equivalence.mjs";
import { CONNECTIONS, measureLoad } from "../http/load.mjs";
import { machine } from "../http/machine.mjs";
import { CAN_PIN, LOAD_CORE, pinSelf, SERVER_CORE } from "../http/pin.mjs";
import { MEASURED } from "../http/requests.mjs";
import { LABELS, median, roundsLine, routeTable } from "../http/table.mjs";
import { WITH_CORS } from "../http/workload.mjs";
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

const seconds = Number(process.env.BENCH_DURATION ?? 10);
const warmupSeconds = Number(process.env.BENCH_WARMUP ?? 2);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const progress = (text) => process.stderr.write(`${text}\n`);
const implementations = process.env.BENCH_NODE === "0" ? CONTENDERS : [...CONTENDERS, HONEST_ON_NODE];

const bunVersion = installBench(progress);
console.log(`Machine: bun ${bunVersion}, ${machine()}\n`);
console.log(
  `Workload: ${WITH_CORS ? "hono/cors() with its defaults on every route (or each contender's equivalent)" : "no middleware (BENCH_WORKLOAD=plain)"}; GET /me checks a bearer token (honest: a resolver).\n`,
);
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

// runs[route][implementation] = one measurement per round
const runs = Object.fromEntries(MEASURED.map(({ name }) => [name, Object.fromEntries(implementations.map((impl) => [impl, []]))]));
const failures = [];
for (let round = 0; round < rounds; round++) {
  // Odd rounds run in reverse order, so none always runs first.
  const order = round % 2 === 0 ? implementations : [...implementations].reverse();
  for (const request of MEASURED) {
    for (const implementation of order) {
      const server = await startContender(implementation);
      try {
        const load = await measureLoad(server.port, request, { seconds, warmupSeconds, cpuSeconds: server.cpuSeconds });
        const run = { ...load, startupMs: server.startupMs, rssMb: server.rssMb() };
        runs[request.name][implementation].push(run);
        if (run.failures > 0)
          failures.push(`${LABELS[implementation]}, ${request.name}, round ${round + 1}: ${run.failures} errors or unexpected statuses`);
        progress(
          `round ${round + 1}/${rounds} ${request.name.padEnd(22)} ${LABELS[implementation].padEnd(19)} ` +
            `${Math.round(run.rps).toString().padStart(6)} req/s  ${run.cpuUs.toFixed(1).padStart(5)} µs CPU/req  p99 ${run.p99Ms} ms  startup ${Math.round(run.startupMs)} ms  RSS ${run.rssMb.toFixed(1)} MB`,
        );
      } finally {
        await server.stop();
      }
    }
  }
}

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
if (failures.length > 0) {
  console.log(`\nFailures (must be none):\n- ${failures.join("\n- ")}`);
  process.exitCode = 1;
} else {
  console.log("\nErrors, timeouts and unexpected statuses: none in any run (POST answers 201).");
}
