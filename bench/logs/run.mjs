import { fileURLToPath } from "node:url";
import { measureLoad } from "../http/load.mjs";
import { machine } from "../http/machine.mjs";
import { pinSelf } from "../http/pin.mjs";
import { progress, ROUND_SETTINGS } from "../http/rounds.mjs";
import { startNodeServer } from "../http/start-server.mjs";
import { median } from "../http/table.mjs";

// npm run bench:logs (docs/benchmarks.md, "Logs"): what request ids and access logs cost a request. honest with an
// access line per request through pino against Fastify 5 with its own pino logging (logger at info), both writing
// to pino.destination("/dev/null"); and honest as every app now runs without a logger (request ids on) against
// honest with request ids off too, the handlers as they were before either existed. Every server is a process of
// its own on the server core; GET /items/7, answered 200. The load is bench/http's (autocannon, 50 connections,
// pinned); BENCH_DURATION, BENCH_WARMUP and BENCH_ROUNDS as for npm run bench.

pinSelf(fileURLToPath(import.meta.url));

const SERVER = fileURLToPath(new URL("./server.mjs", import.meta.url));
const RUNS = {
  "honest-bare": "honest, no request id, no logger (as before)",
  honest: "honest, request ids, no logger (the default)",
  "honest-logs": "honest, request ids, pino access lines",
  fastify: "Fastify 5, logger: false",
  "fastify-logs": "Fastify 5, pino logger at info",
};
const { seconds, warmupSeconds, rounds } = ROUND_SETTINGS;

const runs = Object.fromEntries(Object.keys(RUNS).map((name) => [name, []]));
const failures = [];
for (let round = 0; round < rounds; round++) {
  const order = round % 2 === 0 ? Object.keys(RUNS) : Object.keys(RUNS).reverse();
  for (const name of order) {
    const label = RUNS[name];
    const server = await startNodeServer(name, [SERVER, name]);
    try {
      const run = await measureLoad(
        server.port,
        { method: "GET", path: "/items/7", status: 200 },
        { seconds, warmupSeconds, cpuSeconds: server.cpuSeconds },
      );
      runs[name].push(run);
      if (run.failures > 0) failures.push(`${label}, round ${round + 1}: ${run.failures} failures`);
      progress(
        `round ${round + 1}/${rounds} ${label.padEnd(46)} ${Math.round(run.rps).toString().padStart(6)} req/s  ` +
          `${run.cpuUs.toFixed(1).padStart(6)} µs CPU/req  p99 ${run.p99Ms} ms`,
      );
    } finally {
      await server.stop();
    }
  }
}

console.log(machine());
console.log(
  `${rounds} interleaved rounds, a fresh server per (run, round), 50 connections, ${warmupSeconds} s warm-up then ${seconds} s measured; medians of the rounds. CPU µs/req is the server process's user + system time over the measured run divided by the requests answered.\n`,
);
const at = (name, key) => median(runs[name].map((run) => run[key]));
console.log("| server | req/s | CPU µs/req | p99 ms |\n|---|---:|---:|---:|");
for (const [name, label] of Object.entries(RUNS))
  console.log(`| ${label} | ${Math.round(at(name, "rps"))} | ${at(name, "cpuUs").toFixed(1)} | ${at(name, "p99Ms")} |`);
const ratio = (a, b, key) => (at(a, key) / at(b, key)).toFixed(2);
const added = (a, b) => (at(a, "cpuUs") - at(b, "cpuUs")).toFixed(1);
console.log(
  `\nCPU µs/req (req/s), honest ÷ Fastify: ${ratio("honest-logs", "fastify-logs", "cpuUs")} (${ratio("honest-logs", "fastify-logs", "rps")}) with access logs, ` +
    `${ratio("honest", "fastify", "cpuUs")} (${ratio("honest", "fastify", "rps")}) without.\n` +
    `CPU µs a request the access line adds: honest ${added("honest-logs", "honest")}, Fastify ${added("fastify-logs", "fastify")}; ` +
    `request ids add ${added("honest", "honest-bare")} to honest (${ratio("honest", "honest-bare", "cpuUs")}× its CPU without them).\n`,
);
if (failures.length > 0) {
  console.log(`Failures (must be none):\n- ${failures.join("\n- ")}`);
  process.exitCode = 1;
} else console.log("Errors, timeouts and unexpected statuses: none in any run.");
