import { fileURLToPath } from "node:url";
import { measureContenders, reportContenderFailures } from "../http/contender-runs.mjs";
import { pinSelf } from "../http/pin.mjs";

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
const { at, failures } = await measureContenders(
  Object.fromEntries(Object.entries(RUNS).map(([name, label]) => [name, { label, args: [SERVER, name] }])),
  { method: "GET", path: "/items/7", status: 200 },
);
const ratio = (a, b, key) => (at(a, key) / at(b, key)).toFixed(2);
const added = (a, b) => (at(a, "cpuUs") - at(b, "cpuUs")).toFixed(1);
console.log(
  `\nCPU µs/req (req/s), honest ÷ Fastify: ${ratio("honest-logs", "fastify-logs", "cpuUs")} (${ratio("honest-logs", "fastify-logs", "rps")}) with access logs, ` +
    `${ratio("honest", "fastify", "cpuUs")} (${ratio("honest", "fastify", "rps")}) without.\n` +
    `CPU µs a request the access line adds: honest ${added("honest-logs", "honest")}, Fastify ${added("fastify-logs", "fastify")}; ` +
    `request ids add ${added("honest", "honest-bare")} to honest (${ratio("honest", "honest-bare", "cpuUs")}× its CPU without them).\n`,
);
reportContenderFailures(failures);
