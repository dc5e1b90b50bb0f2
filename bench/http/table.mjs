// Medians of the rounds and the markdown tables printed per route.

export function median(values) {
  const sorted = values.filter((value) => Number.isFinite(value)).sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

const whole = (value) => Math.round(value).toLocaleString("en-US");
const fixed = (digits) => (value) => value.toFixed(digits);

export const LABELS = {
  honest: "honest",
  hono: "hono (by hand)",
  "node-http": "node:http",
  fastify: "fastify",
  // The Bun bench's (bench/bun).
  elysia: "elysia",
  "bun-serve": "Bun.serve (by hand)",
  "honest-node": "honest on Node",
};

/**
 * `runs[implementation]`: that implementation's measurements of one route, one
 * per round. "× hono" is the median of the rounds' ratios: within a round the
 * two ran minutes apart at most, so a machine that speeds up or slows down
 * between rounds moves both.
 */
export function routeTable(runs, baseline = "hono") {
  const summary = Object.fromEntries(
    Object.entries(runs).map(([name, rounds]) => [
      name,
      {
        rps: median(rounds.map((run) => run.rps)),
        ratio: median(rounds.map((run, round) => run.rps / runs[baseline][round].rps)),
        p99Ms: median(rounds.map((run) => run.p99Ms)),
        cpuUs: median(rounds.map((run) => run.cpuUs)),
        startupMs: median(rounds.map((run) => run.startupMs)),
        rssMb: median(rounds.map((run) => run.rssMb)),
      },
    ]),
  );
  const rows = Object.entries(summary).map(
    ([name, s]) =>
      `| ${LABELS[name] ?? name} | ${whole(s.rps)} | ${fixed(2)(s.ratio)} | ${fixed(1)(s.cpuUs)} | ${fixed(1)(s.p99Ms)} | ${whole(s.startupMs)} | ${fixed(1)(s.rssMb)} |`,
  );
  const header =
    "| implementation | req/s (median) | × hono | CPU µs/req | p99 ms | startup ms | RSS MB |\n|---|---:|---:|---:|---:|---:|---:|";
  return { summary, text: `${header}\n${rows.join("\n")}` };
}

/** Every round's req/s and ratio to the baseline, to show the spread behind the medians. */
export function roundsLine(runs, baseline = "hono") {
  return Object.entries(runs)
    .map(([name, rounds]) => {
      const figures = rounds.map((run, round) =>
        name === baseline ? whole(run.rps) : `${whole(run.rps)} (${fixed(2)(run.rps / runs[baseline][round].rps)})`,
      );
      return `${LABELS[name] ?? name} ${figures.join(" / ")}`;
    })
    .join("; ");
}
