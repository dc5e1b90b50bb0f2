// The markdown tables and verdicts of run.mjs, from its results:
//   [{ n, routes, build: { honest, honestOpenapi, tsc, tspcBare, hono, generate, tsc7 }: { seconds, cpuSeconds, mb },
//      startup: { honest, generator, hono }: ms, documentBytes }]

const s = (value) => value.toFixed(2);
const mb = (value) => value.toFixed(0);
const ms = (value) => value.toFixed(0);

function table(header, rows) {
  const line = (cells) => `| ${cells.join(" | ")} |`;
  return [line(header), line(header.map((_, i) => (i === 0 ? "---" : "---:"))), ...rows.map(line)].join("\n");
}

export function buildTable(results) {
  return table(
    [
      "N (routes)",
      "tspc + honest s",
      "plain tsc s",
      "ratio",
      "tspc MB",
      "tsc MB",
      "tspc, no plugin s",
      "Hono by hand (tsc) s",
      "Hono by hand MB",
    ],
    results.map(({ n, routes, build: b }) => [
      `${n} (${routes})`,
      s(b.honest.seconds),
      s(b.tsc.seconds),
      `${(b.honest.seconds / b.tsc.seconds).toFixed(2)}×`,
      mb(b.honest.mb),
      mb(b.tsc.mb),
      s(b.tspcBare.seconds),
      s(b.hono.seconds),
      mb(b.hono.mb),
    ]),
  );
}

export function cpuTable(results) {
  return table(
    ["N (routes)", "tspc + honest", "plain tsc", "ratio", "tspc, no plugin", "Hono by hand (tsc)"],
    results.map(({ n, routes, build: b }) => [
      `${n} (${routes})`,
      s(b.honest.cpuSeconds),
      s(b.tsc.cpuSeconds),
      `${(b.honest.cpuSeconds / b.tsc.cpuSeconds).toFixed(2)}×`,
      s(b.tspcBare.cpuSeconds),
      s(b.hono.cpuSeconds),
    ]),
  );
}

const percent = (on, off) => `${on >= off ? "+" : "−"}${((Math.abs(on - off) / off) * 100).toFixed(1)} %`;

export function openapiTable(results) {
  return table(
    ["N (routes)", "off: wall s", "on: wall s", "added", "off: CPU s", "on: CPU s", "added", "document KiB"],
    results.map(({ n, routes, build: b, documentBytes }) => [
      `${n} (${routes})`,
      s(b.honest.seconds),
      s(b.honestOpenapi.seconds),
      percent(b.honestOpenapi.seconds, b.honest.seconds),
      s(b.honest.cpuSeconds),
      s(b.honestOpenapi.cpuSeconds),
      percent(b.honestOpenapi.cpuSeconds, b.honest.cpuSeconds),
      (documentBytes / 1024).toFixed(0),
    ]),
  );
}

export function generatorTable(results) {
  return table(
    [
      "N (routes)",
      "tspc + honest s",
      "honest generate s",
      "tsc 7 s",
      "generate + tsc 7 s",
      "ratio",
      "tspc + honest CPU s",
      "generate + tsc 7 CPU s",
      "generate MB",
    ],
    results.map(({ n, routes, build: b }) => {
      const wall = b.generate.seconds + b.tsc7.seconds;
      return [
        `${n} (${routes})`,
        s(b.honest.seconds),
        s(b.generate.seconds),
        s(b.tsc7.seconds),
        s(wall),
        `${(wall / b.honest.seconds).toFixed(2)}×`,
        s(b.honest.cpuSeconds),
        s(b.generate.cpuSeconds + b.tsc7.cpuSeconds),
        mb(b.generate.mb),
      ];
    }),
  );
}

/** The emitted JavaScript of honest's build against plain tsc's of the same sources (goal: at most 1.3×) and Hono by hand's. */
export function outputTable(results) {
  const mb = (bytes) => (bytes / 1e6).toFixed(2);
  return table(
    ["N (routes)", "tspc + honest MB", "plain tsc MB", "ratio", "Hono by hand MB"],
    results.map(({ n, routes, output }) => [
      `${n} (${routes})`,
      mb(output.honest),
      mb(output.tsc),
      `${(output.honest / output.tsc).toFixed(2)}×`,
      mb(output.hono),
    ]),
  );
}

export function startupTable(results) {
  return table(
    ["N (routes)", "startup honest ms", "startup generator mode ms", "startup Hono by hand ms", "honest − Hono ms"],
    results.map(({ n, routes, startup }) => [
      `${n} (${routes})`,
      ms(startup.honest),
      ms(startup.generator),
      ms(startup.hono),
      ms(startup.honest - startup.hono),
    ]),
  );
}

/** Marginal cost of one more controller between consecutive N, in ms. */
function perController(results) {
  return results.slice(1).map((b, i) => {
    const a = results[i];
    const slope = (f) => (f(b) - f(a)) / (b.n - a.n);
    return {
      range: `${a.n} → ${b.n}`,
      honest: slope((r) => r.build.honest.cpuSeconds * 1000),
      tsc: slope((r) => r.build.tsc.cpuSeconds * 1000),
      tspcBare: slope((r) => r.build.tspcBare.cpuSeconds * 1000),
      hono: slope((r) => r.build.hono.cpuSeconds * 1000),
      startupHonest: slope((r) => r.startup.honest),
      startupHono: slope((r) => r.startup.hono),
    };
  });
}

export function perControllerTable(results) {
  return table(
    ["N range", "tspc + honest", "plain tsc", "tspc, no plugin", "Hono by hand (tsc)", "startup honest", "startup Hono by hand"],
    perController(results).map((r) =>
      [r.range, r.honest, r.tsc, r.tspcBare, r.hono, r.startupHonest, r.startupHono].map((v, i) => (i === 0 ? v : v.toFixed(1))),
    ),
  );
}

/** How much CPU time other processes took during the builds (run.mjs waits for quiet before each). */
export function othersLine(results) {
  const all = results.flatMap(({ n, build }) => Object.entries(build).flatMap(([name, b]) => b.runs.map((run) => ({ n, name, ...run }))));
  const worst = all.reduce((a, b) => (b.othersCpuSeconds > a.othersCpuSeconds ? b : a));
  const total = all.reduce((sum, run) => sum + run.othersCpuSeconds, 0);
  return (
    `Other processes used ${total.toFixed(1)} CPU s in all during the ${all.length} builds ` +
    `(at most ${worst.othersCpuSeconds.toFixed(1)} s, during ${worst.name} at N=${worst.n}); each measurement waited for a quiet second first.`
  );
}

export function routeTableLine(timing) {
  const f = (value) => value.toFixed(2);
  return (
    `Route table of ${timing.routes} routes (${(timing.bytes / 1024).toFixed(0)} KiB): ` +
    `first call ${f(timing.first.format)} ms to format, ${f(timing.first.total)} ms formatted and written to /dev/null; ` +
    `median of ${timing.runs - 1} later calls ${f(timing.median.format)} ms / ${f(timing.median.total)} ms ` +
    `(goal < 10 ms: ${timing.first.total < 10 ? "met" : "missed"}).`
  );
}

function growth(slopes) {
  const [first, last] = [slopes[0], slopes[slopes.length - 1]];
  const ratio = last / first;
  const word = ratio > 1.5 ? "faster than linearly" : ratio < 0.67 ? "less than linearly" : "about linearly";
  return `${word} (${first.toFixed(1)} → ${last.toFixed(1)} ms per extra controller)`;
}

export function verdicts(results) {
  const largest = results[results.length - 1];
  const b = largest.build;
  const ratio = b.honest.seconds / b.tsc.seconds;
  const cpuRatio = b.honest.cpuSeconds / b.tsc.cpuSeconds;
  const slopes = perController(results);
  const lines = [
    `At N=${largest.n}, tspc + honest takes ${ratio.toFixed(2)}× plain tsc in wall time, ${cpuRatio.toFixed(2)}× in CPU time: ` +
      `${Math.max(ratio, cpuRatio) <= 1.3 ? "within" : Math.min(ratio, cpuRatio) <= 1.3 ? "at the edge of" : "above"} the 1.3× goal. ` +
      `Of the ${s(b.honest.cpuSeconds - b.tsc.cpuSeconds)} CPU s over tsc, ${s(b.tspcBare.cpuSeconds - b.tsc.cpuSeconds)} s is ts-patch's tspc itself (no plugin) ` +
      `and ${s(b.honest.cpuSeconds - b.tspcBare.cpuSeconds)} s honest: its transformer, and printing the code it generates.`,
  ];
  const added = b.honestOpenapi.seconds / b.honest.seconds - 1;
  lines.push(
    `Writing the OpenAPI document adds ${(added * 100).toFixed(1)} % to the build's wall time at N=${largest.n} ` +
      `(${s(b.honest.seconds)} → ${s(b.honestOpenapi.seconds)} s): ${added <= 0.1 ? "within" : "above"} the 10 % goal.`,
  );
  const output = largest.output.honest / largest.output.tsc;
  lines.push(
    `honest's emitted JavaScript is ${output.toFixed(2)}× plain tsc's at N=${largest.n}: ${output <= 1.3 ? "within" : "above"} the 1.3× goal.`,
  );
  const startup = largest.startup;
  lines.push(
    `Startup takes ${ms(startup.honest)} ms against ${ms(startup.hono)} ms for Hono by hand at N=${largest.n}: ` +
      `${startup.honest <= startup.hono ? "within" : "above"} the goal of no slower.`,
  );
  const g = largest.build;
  const generator = (g.generate.seconds + g.tsc7.seconds) / g.honest.seconds;
  const generatorCpu = (g.generate.cpuSeconds + g.tsc7.cpuSeconds) / g.honest.cpuSeconds;
  lines.push(
    `The generator mode (honest generate + tsc 7) takes ${generator.toFixed(2)}× the transformer's build in wall time, ${generatorCpu.toFixed(2)}× in CPU time: ` +
      `${generator <= 1 ? "within" : "above"} the goal of no slower.`,
  );
  if (slopes.length > 1) {
    lines.push(
      `Build CPU time grows ${growth(slopes.map((r) => r.honest))} with tspc + honest, ${growth(slopes.map((r) => r.tsc))} with plain tsc; ` +
        `startup grows ${growth(slopes.map((r) => r.startupHonest))} for honest, ${growth(slopes.map((r) => r.startupHono))} for Hono by hand.`,
    );
  }
  return lines.join("\n");
}
