import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { measureLoad } from "../http/load.mjs";
import { machine } from "../http/machine.mjs";
import { pinSelf } from "../http/pin.mjs";
import { progress, ROUND_SETTINGS } from "../http/rounds.mjs";
import { startNodeServer } from "../http/start-server.mjs";
import { median } from "../http/table.mjs";
import { startRedisServer } from "./dist/test/support/redis-server.js";

// npm run bench:rate-limit (docs/benchmarks.md, "A rate-limited route"): what a rate limit costs a route, in
// memory and on a real Redis server this bench starts (the tests' starter, test/support/redis-server.ts), against
// Fastify 5 with @fastify/rate-limit 11 on the same Redis; and the same route without a limit on each. Every
// server is a process of its own on the server core; every request comes from 127.0.0.1, one key, counted and
// allowed (a limit no run reaches), so each run measures the count, not refusals. The load is bench/http's
// (autocannon, 50 connections, pinned); BENCH_DURATION, BENCH_WARMUP and BENCH_ROUNDS as for npm run bench.

pinSelf(fileURLToPath(import.meta.url));

const SERVER = fileURLToPath(new URL("./server.mjs", import.meta.url));
/** Each measured run: a server, and the route it is asked. */
const RUNS = {
  "honest-open": { server: "honest", path: "/open", label: "honest, no limit" },
  "honest-memory": { server: "honest", path: "/limited", label: "honest @RateLimit, memory" },
  "honest-redis": { server: "honest-redis", path: "/limited", label: "honest @RateLimit, Redis" },
  "fastify-open": { server: "fastify", path: "/open", label: "Fastify 5, no limit" },
  "fastify-memory": { server: "fastify", path: "/limited", label: "Fastify 5 + @fastify/rate-limit, memory" },
  "fastify-redis": { server: "fastify-redis", path: "/limited", label: "Fastify 5 + @fastify/rate-limit, Redis" },
};
const { seconds, warmupSeconds, rounds } = ROUND_SETTINGS;

const redis = await startRedisServer();
const redisVersion = `Redis ${/v=(\S+)/.exec(execFileSync("redis-server", ["--version"], { encoding: "utf8" }))?.[1] ?? "(version unknown)"}`;
try {
  process.env.REDIS_URL = redis.url; // the servers' environment (startNodeServer passes this process's on)
  const runs = Object.fromEntries(Object.keys(RUNS).map((name) => [name, []]));
  const failures = [];
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? Object.keys(RUNS) : Object.keys(RUNS).reverse();
    for (const name of order) {
      const { server: contender, path: route, label } = RUNS[name];
      const server = await startNodeServer(contender, [SERVER, contender]);
      try {
        const request = { method: "GET", path: route, status: 200 };
        const run = await measureLoad(server.port, request, { seconds, warmupSeconds, cpuSeconds: server.cpuSeconds });
        runs[name].push(run);
        if (run.failures > 0) failures.push(`${label}, round ${round + 1}: ${run.failures} failures`);
        progress(
          `round ${round + 1}/${rounds} ${label.padEnd(42)} ${Math.round(run.rps).toString().padStart(6)} req/s  ` +
            `${run.cpuUs.toFixed(1).padStart(6)} µs CPU/req  p99 ${run.p99Ms} ms`,
        );
      } finally {
        await server.stop();
      }
    }
  }

  console.log(`${machine()}, ${redisVersion}`);
  console.log(
    `${rounds} interleaved rounds, a fresh server per (run, round), 50 connections, ${warmupSeconds} s warm-up then ${seconds} s measured; medians of the rounds. CPU µs/req is the server process's user + system time (not Redis's) over the measured run divided by the requests answered.\n`,
  );
  const at = (name, key) => median(runs[name].map((run) => run[key]));
  console.log("| server | req/s | CPU µs/req | p99 ms |\n|---|---:|---:|---:|");
  for (const [name, { label }] of Object.entries(RUNS))
    console.log(`| ${label} | ${Math.round(at(name, "rps"))} | ${at(name, "cpuUs").toFixed(1)} | ${at(name, "p99Ms")} |`);
  const ratio = (a, b, key) => (at(a, key) / at(b, key)).toFixed(2);
  const added = (limited, open) => (at(limited, "cpuUs") - at(open, "cpuUs")).toFixed(1);
  console.log(
    `\nCPU µs/req (req/s), honest ÷ Fastify: ${ratio("honest-open", "fastify-open", "cpuUs")} (${ratio("honest-open", "fastify-open", "rps")}) without a limit, ` +
      `${ratio("honest-memory", "fastify-memory", "cpuUs")} (${ratio("honest-memory", "fastify-memory", "rps")}) in memory, ` +
      `${ratio("honest-redis", "fastify-redis", "cpuUs")} (${ratio("honest-redis", "fastify-redis", "rps")}) on Redis.\n` +
      `CPU µs a request the limit adds: honest ${added("honest-memory", "honest-open")} in memory, ${added("honest-redis", "honest-open")} on Redis; ` +
      `Fastify ${added("fastify-memory", "fastify-open")} in memory, ${added("fastify-redis", "fastify-open")} on Redis.\n`,
  );
  if (failures.length > 0) {
    console.log(`Failures (must be none):\n- ${failures.join("\n- ")}`);
    process.exitCode = 1;
  } else console.log("Errors, timeouts and unexpected statuses: none in any run.");
} finally {
  await redis.stop();
}
