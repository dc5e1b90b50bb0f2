// Build and startup cost as an app grows: for N controllers × 8 routes,
//   build: tspc with honest's transformer, the same writing the OpenAPI
//          document too, plain tsc on the same sources,
//          tspc without the plugin (ts-patch's own share), the generator
//          mode (`honest generate`, then TypeScript 7's tsc), and plain tsc on
//          the same routes written by hand on Hono: wall time, CPU time and peak memory,
//          median of 3 runs taken in turns;
//   startup: node dist/main.js to the first 200 answer, honest vs Hono by
//          hand, median of 3 after one unmeasured start each;
// and the time to format and print a 4 000-route table.
//
//   npm run bench:scale                      (builds honest first)
//   SCALE_NS=10,100 node bench/scale/run.mjs (other sizes)
//
// Each measurement first waits for a second in which the machine is nearly
// idle (cpu-load.mjs), and the CPU time other processes took during each build
// is reported. Progress goes to stderr, the markdown to stdout; the raw figures to
// bench/scale/.out/results.json.

import { readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { HAS_CPU_STAT, waitForQuiet } from "./cpu-load.mjs";
import { generate, REPO } from "./generate.mjs";
import { measureBuild, PEAK_RSS_TOOL } from "./measure-build.mjs";
import { measureStartup } from "./measure-startup.mjs";
import { PROBE_PATH, ROUTES } from "./model.mjs";
import { timeRouteTable } from "./route-table-timing.mjs";
import {
  buildTable,
  cpuTable,
  generatorTable,
  openapiTable,
  outputTable,
  othersLine,
  perControllerTable,
  routeTableLine,
  startupTable,
  verdicts,
} from "./tables.mjs";

const NS = (process.env.SCALE_NS ?? "10,100,500").split(",").map(Number);
const REPEATS = 3;
const TSC = join(REPO, "node_modules", "typescript", "bin", "tsc");
const TSPC = join(REPO, "node_modules", "ts-patch", "bin", "tspc.js");
const TSC7 = join(REPO, "node_modules", "typescript7", "bin", "tsc");
const HONEST = join(REPO, "dist", "esm", "transformer", "command", "honest.js");

/** The bytes of every .js file under `dir`. */
function javascriptBytes(dir) {
  let bytes = 0;
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile() && entry.name.endsWith(".js")) bytes += statSync(join(entry.parentPath, entry.name)).size;
  }
  return bytes;
}

const median = (values) => [...values].sort((a, b) => a - b)[values.length >> 1];
const log = (text) => process.stderr.write(text + "\n");

async function builds(projects) {
  const { honest, hono, generator } = projects;
  const builds = {
    tspcBare: () => measureBuild(TSPC, join(honest, "tsconfig.tsc.json"), join(honest, "dist-tsc")),
    tsc: () => measureBuild(TSC, join(honest, "tsconfig.tsc.json"), join(honest, "dist-tsc")),
    hono: () => measureBuild(TSC, join(hono, "tsconfig.json"), join(hono, "dist")),
    honest: () => measureBuild(TSPC, join(honest, "tsconfig.json"), join(honest, "dist")),
    honestOpenapi: () => measureBuild(TSPC, join(honest, "tsconfig.openapi.json"), join(honest, "dist-openapi")),
    // The module is deleted first, so each round writes it.
    generate: () => {
      rmSync(join(generator, "src", "honest.generated.ts"), { force: true });
      return measureBuild(HONEST, join(generator, "tsconfig.json"), undefined, ["generate"]);
    },
    tsc7: () => measureBuild(TSC7, join(generator, "tsconfig.json"), join(generator, "dist")),
  };
  const runs = Object.fromEntries(Object.keys(builds).map((name) => [name, []]));
  for (let round = 0; round < REPEATS; round++) {
    for (const [name, build] of Object.entries(builds)) {
      const waited = await waitForQuiet();
      const result = await build();
      runs[name].push(result);
      log(
        `    ${name}: ${result.seconds.toFixed(2)} s, CPU ${result.cpuSeconds.toFixed(2)} s, ${result.mb.toFixed(0)} MB; ` +
          `others used ${result.othersCpuSeconds.toFixed(2)} CPU s meanwhile (waited ${(waited / 1000).toFixed(1)} s for quiet)`,
      );
    }
  }
  return Object.fromEntries(
    Object.entries(runs).map(([name, results]) => [
      name,
      {
        seconds: median(results.map((r) => r.seconds)),
        cpuSeconds: median(results.map((r) => r.cpuSeconds)),
        mb: median(results.map((r) => r.mb)),
        runs: results,
      },
    ]),
  );
}

async function startups(projects, routes) {
  const runs = { honest: [], generator: [], hono: [] };
  for (let round = -1; round < REPEATS; round++) {
    for (const name of Object.keys(runs)) {
      await waitForQuiet();
      const { ms, routeLines } = await measureStartup(projects[name], "dist/main.js", PROBE_PATH);
      if (name !== "hono" && routeLines !== routes) throw new Error(`${name} printed ${routeLines} routes, not ${routes}`);
      if (round >= 0) runs[name].push(ms);
      log(`    start ${name}: ${ms.toFixed(0)} ms${round < 0 ? " (warm-up, not counted)" : ""}`);
    }
  }
  return { honest: median(runs.honest), generator: median(runs.generator), hono: median(runs.hono), runs };
}

const started = performance.now();
log(`route table: 4 000 rows`);
const routeTable = await timeRouteTable(500);
const results = [];
for (const n of NS) {
  const routes = n * ROUTES.length;
  log(`N=${n} (${routes} routes): generating`);
  const projects = generate(n);
  log(`  building (${REPEATS} rounds)`);
  const build = await builds(projects);
  log(`  starting (${REPEATS} rounds)`);
  const startup = await startups(projects, routes);
  const documentBytes = statSync(join(projects.honest, "dist-openapi", "openapi.json")).size;
  // What each build emitted last: honest's transformer, plain tsc on the same sources, Hono by hand.
  const output = {
    honest: javascriptBytes(join(projects.honest, "dist")),
    tsc: javascriptBytes(join(projects.honest, "dist-tsc")),
    hono: javascriptBytes(join(projects.hono, "dist")),
  };
  results.push({ n, routes, build, startup, documentBytes, output });
}
const minutes = (performance.now() - started) / 60_000;

writeFileSync(join(REPO, "bench", "scale", ".out", "results.json"), JSON.stringify({ routeTable, results }, null, 2) + "\n");

console.log(`Node ${process.version}; peak memory by ${PEAK_RSS_TOOL}; the whole run took ${minutes.toFixed(1)} min.

### Build: wall time (s) and peak memory (MB), median of ${REPEATS}

${buildTable(results)}

### Build: CPU time, user + system (s), median of ${REPEATS}

${cpuTable(results)}

### Build with the OpenAPI document off and on: wall time and CPU time (s), median of ${REPEATS}

${openapiTable(results)}

### The generator mode against the transformer: wall time and CPU time (s), median of ${REPEATS}

${generatorTable(results)}

### Output: the emitted JavaScript (MB)

${outputTable(results)}

### Startup: spawn to the first 200 answer (ms), median of ${REPEATS}

${startupTable(results)}

### Marginal cost of one more controller (8 routes), ms: build CPU time, startup wall time

${perControllerTable(results)}

${HAS_CPU_STAT ? othersLine(results) : ""}

### Route table

${routeTableLine(routeTable)}

${verdicts(results)}`);
