import path from "node:path";
import { fileURLToPath } from "node:url";
import { measureLoad } from "../http/load.mjs";
import { machine } from "../http/machine.mjs";
import { pinSelf } from "../http/pin.mjs";
import { progress, ROUND_SETTINGS } from "../http/rounds.mjs";
import { startNodeServer } from "../http/start-server.mjs";
import { median } from "../http/table.mjs";

// npm run bench:tracing (docs/benchmarks.md, "Traces"): what tracing every request costs, honest against Fastify 5
// with @fastify/otel and Hono with @hono/otel, all on the same OpenTelemetry SDK (sdk.mjs: spans batched to an
// exporter that drops them, the duration histogram read and dropped), and each without it. Every server is a
// process of its own on the server core, asked GET /items/1 (a path value read, a JSON object written). The load
// is bench/http's (autocannon, 50 connections, pinned); BENCH_DURATION, BENCH_WARMUP and BENCH_ROUNDS as for npm run bench.
// BENCH_BASE, another checkout of honest (an earlier commit) with bench/tracing copied in and built there
// (`npm run build && tspc -p bench/tracing/tsconfig.json`), adds its honest without an SDK: what the phase marks
// cost an app that does not trace.

pinSelf(fileURLToPath(import.meta.url));

const SERVER = fileURLToPath(new URL("./server.mjs", import.meta.url));
const base = process.env.BENCH_BASE;
/** Each measured run: its label, and the contender of the server (this checkout's, or BENCH_BASE's). */
const RUNS = {
  honest: { label: "honest, no SDK", contender: "honest", server: SERVER },
  ...(base && {
    "honest-base": { label: "honest, no SDK, at BENCH_BASE", contender: "honest", server: path.join(base, "bench/tracing/server.mjs") },
  }),
  "honest-traced": { label: "honest, SDK registered", contender: "honest-traced", server: SERVER },
  fastify: { label: "Fastify 5, no SDK", contender: "fastify", server: SERVER },
  "fastify-otel": { label: "Fastify 5 + @fastify/otel", contender: "fastify-otel", server: SERVER },
  hono: { label: "Hono, no SDK", contender: "hono", server: SERVER },
  "hono-otel": { label: "Hono + @hono/otel", contender: "hono-otel", server: SERVER },
};
const { seconds, warmupSeconds, rounds } = ROUND_SETTINGS;

const runs = Object.fromEntries(Object.keys(RUNS).map((name) => [name, []]));
const failures = [];
for (let round = 0; round < rounds; round++) {
  const order = round % 2 === 0 ? Object.keys(RUNS) : Object.keys(RUNS).reverse();
  for (const name of order) {
    const { label, contender, server: script } = RUNS[name];
    const server = await startNodeServer(name, [script, contender]);
    try {
      const run = await measureLoad(
        server.port,
        { method: "GET", path: "/items/1", status: 200 },
        { seconds, warmupSeconds, cpuSeconds: server.cpuSeconds },
      );
      runs[name].push(run);
      if (run.failures > 0) failures.push(`${label}, round ${round + 1}: ${run.failures} failures`);
      progress(
        `round ${round + 1}/${rounds} ${label.padEnd(28)} ${Math.round(run.rps).toString().padStart(6)} req/s  ` +
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
for (const [name, { label }] of Object.entries(RUNS))
  console.log(`| ${label} | ${Math.round(at(name, "rps"))} | ${at(name, "cpuUs").toFixed(1)} | ${at(name, "p99Ms")} |`);
const ratio = (a, b, key) => (at(a, key) / at(b, key)).toFixed(2);
const added = (traced, plain) => (at(traced, "cpuUs") - at(plain, "cpuUs")).toFixed(1);
console.log(
  `\nTraced, CPU µs/req (req/s): honest ÷ Fastify + @fastify/otel ${ratio("honest-traced", "fastify-otel", "cpuUs")} (${ratio("honest-traced", "fastify-otel", "rps")}), ` +
    `honest ÷ Hono + @hono/otel ${ratio("honest-traced", "hono-otel", "cpuUs")} (${ratio("honest-traced", "hono-otel", "rps")}).\n` +
    `CPU µs a request tracing adds: honest ${added("honest-traced", "honest")}, Fastify ${added("fastify-otel", "fastify")}, Hono ${added("hono-otel", "hono")}.\n` +
    (base
      ? `honest without an SDK, this checkout ÷ BENCH_BASE: ${ratio("honest", "honest-base", "cpuUs")} CPU µs/req (${ratio("honest", "honest-base", "rps")} req/s).\n`
      : ""),
);
if (failures.length > 0) {
  console.log(`Failures (must be none):\n- ${failures.join("\n- ")}`);
  process.exitCode = 1;
} else console.log("Errors, timeouts and unexpected statuses: none in any run.");
