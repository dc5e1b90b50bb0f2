import { fileURLToPath } from "node:url";
import { measureLoad } from "../http/load.mjs";
import { machine } from "../http/machine.mjs";
import { pinSelf } from "../http/pin.mjs";
import { progress, ROUND_SETTINGS } from "../http/rounds.mjs";
import { startNodeServer } from "../http/start-server.mjs";
import { median } from "../http/table.mjs";
import { openDatabase } from "./dist/example/src/database/open-database.js";
import { startPostgresServer } from "./dist/test/support/postgres-server.js";

// npm run bench:unit-of-work (docs/benchmarks.md, "A unit of work on
// PostgreSQL"): what a unit of work costs a route that writes, and what it
// costs one that does not, on a real PostgreSQL server this bench starts
// (the tests' starter, test/support/postgres-server.ts). Four servers, each
// a process of its own on the server core, on one database and table: honest
// with POST /items inserting through the pool (autocommit), honest with the
// same route writing through Current<UnitOfWork>, Fastify 5 without a
// transaction, and Fastify with an onRequest/onResponse transaction; each
// also serves GET /items/1, one row read through the pool. The load is
// bench/http's (autocannon, 50 connections, pinned); BENCH_DURATION,
// BENCH_WARMUP and BENCH_ROUNDS as for npm run bench.

pinSelf(fileURLToPath(import.meta.url));

const SERVER = fileURLToPath(new URL("./server.mjs", import.meta.url));
const CONTENDERS = {
  honest: "honest, autocommit",
  "honest-unit-of-work": "honest, Current<UnitOfWork>",
  fastify: "Fastify 5, autocommit",
  "fastify-transaction": "Fastify 5, onRequest/onResponse transaction",
};
/** Where a contender serves POST /items, when not there: both honest apps are one compilation (src/apps.ts says why). */
const POST_PATHS = { "honest-unit-of-work": "/unit-of-work/items" };
const REQUESTS = [
  {
    name: "POST /items (one insert)",
    method: "POST",
    path: "/items",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ name: "cable", price: 5, tags: ["usb"] }),
    status: 201,
  },
  { name: "GET /items/1 (one row read)", method: "GET", path: "/items/1", status: 200 },
];
const { seconds, warmupSeconds, rounds } = ROUND_SETTINGS;

const postgres = await startPostgresServer();
try {
  process.env.DATABASE_URL = postgres.url; // the servers' environment (startNodeServer passes this process's on)
  const db = await openDatabase(postgres.url); // creates the items table
  await db
    .insertInto("items")
    .values({ name: "keyboard", price: 49.5, tags: ["input"], in_stock: true })
    .execute();
  await db.destroy();

  const runs = Object.fromEntries(REQUESTS.map(({ name }) => [name, Object.fromEntries(Object.keys(CONTENDERS).map((c) => [c, []]))]));
  const failures = [];
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? Object.keys(CONTENDERS) : Object.keys(CONTENDERS).reverse();
    for (const request of REQUESTS) {
      for (const contender of order) {
        const server = await startNodeServer(contender, [SERVER, contender]);
        try {
          const path = (request.method === "POST" && POST_PATHS[contender]) || request.path;
          const run = await measureLoad(server.port, { ...request, path }, { seconds, warmupSeconds, cpuSeconds: server.cpuSeconds });
          runs[request.name][contender].push(run);
          if (run.failures > 0) failures.push(`${CONTENDERS[contender]}, ${request.name}, round ${round + 1}: ${run.failures} failures`);
          progress(
            `round ${round + 1}/${rounds} ${request.name.padEnd(28)} ${CONTENDERS[contender].padEnd(46)} ` +
              `${Math.round(run.rps).toString().padStart(6)} req/s  ${run.cpuUs.toFixed(1).padStart(6)} µs CPU/req  p99 ${run.p99Ms} ms`,
          );
        } finally {
          await server.stop();
        }
      }
    }
  }

  console.log(`${machine()}, PostgreSQL ${postgres.major}`);
  console.log(
    `${rounds} interleaved rounds, a fresh server per (contender, route, round), 50 connections, ${warmupSeconds} s warm-up then ${seconds} s measured; medians of the rounds. CPU µs/req is the server process's user + system time (not PostgreSQL's) over the measured run divided by the requests answered.\n`,
  );
  const at = (name, contender, key) => median(runs[name][contender].map((run) => run[key]));
  for (const { name } of REQUESTS) {
    console.log(`### ${name}\n\n| server | req/s | CPU µs/req | p99 ms |\n|---|---:|---:|---:|`);
    for (const [contender, label] of Object.entries(CONTENDERS))
      console.log(
        `| ${label} | ${Math.round(at(name, contender, "rps"))} | ${at(name, contender, "cpuUs").toFixed(1)} | ${at(name, contender, "p99Ms")} |`,
      );
    const ratio = (a, b, key) => (at(name, a, key) / at(name, b, key)).toFixed(2);
    console.log(
      `\nCPU µs/req (req/s): honest ÷ Fastify ${ratio("honest", "fastify", "cpuUs")} (${ratio("honest", "fastify", "rps")}) autocommit, ` +
        `${ratio("honest-unit-of-work", "fastify-transaction", "cpuUs")} (${ratio("honest-unit-of-work", "fastify-transaction", "rps")}) with a transaction; ` +
        `with ÷ without: honest ${ratio("honest-unit-of-work", "honest", "cpuUs")} (${ratio("honest-unit-of-work", "honest", "rps")}), ` +
        `Fastify ${ratio("fastify-transaction", "fastify", "cpuUs")} (${ratio("fastify-transaction", "fastify", "rps")})\n`,
    );
  }
  if (failures.length > 0) {
    console.log(`Failures (must be none):\n- ${failures.join("\n- ")}`);
    process.exitCode = 1;
  } else console.log("Errors, timeouts and unexpected statuses: none in any run.");
} finally {
  postgres.stop();
}
