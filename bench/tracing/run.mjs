import path from "node:path";
import { fileURLToPath } from "node:url";
import { measureContenders, reportContenderFailures } from "../http/contender-runs.mjs";
import { pinSelf } from "../http/pin.mjs";

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
const { at, failures } = await measureContenders(
  Object.fromEntries(Object.entries(RUNS).map(([name, { label, contender, server }]) => [name, { label, args: [server, contender] }])),
  { method: "GET", path: "/items/1", status: 200 },
);
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
reportContenderFailures(failures);
