// What reading the settings costs at startup (docs/guide/configuration.md,
// "Configuration"; the figures: docs/benchmarks.md, "Configuration checks at startup (2026-11-27)"): the built example's createApp() in one process, many times,
// with its AppConfig built by honest (its Env<T> field read from the
// environment and checked) and with AppConfig given as a provider, so that no
// variable is read; the medians and their difference.
//
//   npm run build:example && node bench/scale/settings-startup.mjs

import path from "node:path";
import { pathToFileURL } from "node:url";

const RUNS = Number(process.env.RUNS ?? 400);
const example = path.resolve(import.meta.dirname, "../../example/dist");
const { createExampleApp } = await import(pathToFileURL(path.join(example, "app.js")).href);
const { AppConfig } = await import(pathToFileURL(path.join(example, "config/app-config.js")).href);

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/** Median ms of `build()` over RUNS, after as many warm-up runs. */
function timed(build) {
  for (let run = 0; run < RUNS; run++) build();
  const times = [];
  for (let run = 0; run < RUNS; run++) {
    const start = process.hrtime.bigint();
    build();
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  return median(times);
}

const given = Object.assign(new AppConfig(), { env: Object.freeze({ PORT: 3000, APP_NAME: "honest example", APP_VERSION: "1.0.0" }) });
const env = { PORT: "8080", APP_NAME: "bench" };
const checked = timed(() => createExampleApp({ log: false, env }));
const unchecked = timed(() => createExampleApp({ log: false, env, providers: [[AppConfig, given]] }));
const fromProcess = timed(() => createExampleApp({ log: false }));
console.log(`createApp() of the example, median of ${RUNS} (${process.version}):`);
console.log(`  settings read and checked (createApp({ env })): ${checked.toFixed(3)} ms`);
console.log(`  settings read from process.env:                 ${fromProcess.toFixed(3)} ms`);
console.log(`  AppConfig provided, no variable read:           ${unchecked.toFixed(3)} ms`);
console.log(`  difference:                                     ${(checked - unchecked).toFixed(3)} ms`);
