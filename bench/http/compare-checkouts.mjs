import path from "node:path";
import { fileURLToPath } from "node:url";
import { measureLoad } from "./load.mjs";
import { machine } from "./machine.mjs";
import { pinSelf } from "./pin.mjs";
import { MEASURED } from "./requests.mjs";
import { startNodeServer } from "./start-server.mjs";

// honest's example served from this checkout against the same server from
// another (BENCH_BASE: a checkout at an earlier commit, where `npm run
// build:example` has run), alternated route by route and round by round, so
// that the machine's drift falls on both alike: what a change costs honest,
// not how honest compares with the others (that is run.mjs).
//   BENCH_BASE  the other checkout   BENCH_ROUNDS (3)   BENCH_DURATION (10)   BENCH_WARMUP (2)
//   BENCH_ONLY  a part of the names of the routes to measure (all unless set)

pinSelf(fileURLToPath(import.meta.url));

const base = process.env.BENCH_BASE;
if (!base) throw new Error("set BENCH_BASE to another checkout of honest, built with npm run build:example");
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const seconds = Number(process.env.BENCH_DURATION ?? 10);
const warmupSeconds = Number(process.env.BENCH_WARMUP ?? 2);
const checkouts = [
  ["base", path.join(base, "bench/http/server.mjs")],
  ["this", fileURLToPath(new URL("./server.mjs", import.meta.url))],
];

const measured = MEASURED.filter(({ name }) => name.includes(process.env.BENCH_ONLY ?? ""));
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const cpu = new Map();
for (let round = 1; round <= rounds; round++) {
  for (const request of measured) {
    for (const [label, server] of round % 2 === 0 ? [...checkouts].reverse() : checkouts) {
      const started = await startNodeServer(label, [server, "honest"]);
      const load = await measureLoad(started.port, request, { seconds, warmupSeconds, cpuSeconds: started.cpuSeconds });
      await started.stop();
      if (load.failures > 0) throw new Error(`${label} ${request.name}: ${load.failures} failures`);
      const key = `${request.name} ${label}`;
      cpu.set(key, [...(cpu.get(key) ?? []), load.cpuUs]);
      process.stderr.write(
        `round ${round}/${rounds} ${request.name} ${label}: ${load.cpuUs.toFixed(1)} µs CPU/req, ${Math.round(load.rps)} req/s\n`,
      );
    }
  }
}

console.log(`Machine: ${machine()}`);
console.log(`Base: ${base}\n`);
console.log("| route | base CPU µs/req | this CPU µs/req | this ÷ base |");
console.log("|---|---:|---:|---:|");
for (const request of measured) {
  const [before, after] = ["base", "this"].map((label) => median(cpu.get(`${request.name} ${label}`)));
  console.log(`| ${request.name} | ${before.toFixed(1)} | ${after.toFixed(1)} | ${(after / before).toFixed(2)} |`);
}
