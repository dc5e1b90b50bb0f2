// How long printing the route table of a 4 000-route app takes: honest's own
// formatRouteTable (dist/esm/runtime/app/route-table.js) over the rows of 500
// generated controllers, then the text written synchronously to /dev/null, as
// console.log writes to a file. The first call is what a starting app pays
// (nothing compiled yet); the median of the later ones is the warm cost.
//
//   node bench/scale/route-table-timing.mjs

import { closeSync, openSync, writeSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { REPO } from "./generate.mjs";
import { controllers, ROUTES } from "./model.mjs";

const RUNS = 25;

export function routeRows(n) {
  return controllers(n).flatMap((c) =>
    ROUTES.map((route) => ({ method: route.method, path: route.path === "/" ? c.prefix : c.prefix + route.path, controller: c.className })),
  );
}

const median = (values) => [...values].sort((a, b) => a - b)[values.length >> 1];

/** { routes, runs, bytes, first: { format, total }, median: { format, total } } in ms. */
export async function timeRouteTable(n = 500) {
  const { formatRouteTable } = await import(pathToFileURL(join(REPO, "dist", "esm", "runtime", "app", "route-table.js")).href);
  const rows = routeRows(n);
  const devNull = openSync("/dev/null", "w");
  const runs = [];
  let bytes = 0;
  try {
    for (let run = 0; run < RUNS; run++) {
      const start = performance.now();
      const text = formatRouteTable(rows);
      const formatted = performance.now();
      bytes = writeSync(devNull, text + "\n");
      const written = performance.now();
      runs.push({ format: formatted - start, total: written - start });
    }
  } finally {
    closeSync(devNull);
  }
  const later = runs.slice(1);
  return {
    routes: rows.length,
    runs: RUNS,
    bytes,
    first: runs[0],
    median: { format: median(later.map((r) => r.format)), total: median(later.map((r) => r.total)) },
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) console.log(await timeRouteTable());
