// The editor's time on a file that calls the app through a typed client:
// honest's generated client against Hono's `hc<typeof app>` on the same app
// (docs/benchmarks.md, "Editor: a file using the client, honest's generated
// client against hc"). For N controllers × 8 routes, in a temporary folder
// whose node_modules links honest (the repository), typescript, hono,
// @hono/node-server, @hono/zod-validator, zod and @types/node:
//   honest/: bench/scale's honest app, built with tspc and honest's
//     transformer with `"client": "client/api.ts"` (tsconfig.build.json), so
//     the generated client module exists;
//   hono/: the same routes written for hc (bench/scale/hono-rpc-flavour.mjs:
//     chained sub-apps joined with `.route()`, zod validators, `c.json`),
//     and its declaration build (tsc -p tsconfig.types.json, types/), which
//     Hono's documentation suggests for a large app's client;
//   a caller file of each (client-callers.mjs): five typed calls to
//     controllers spread through the app, reading their answers' fields.
// Each caller is opened in a real tsserver (tsserver-process.mjs, TypeScript's
// own tsserver.js, without honest's language-service plugin unless the
// variant says so), one server per variant:
//   honest            caller/caller.ts in the app's project (tsconfig.json:
//                     src/ and caller/), importing ../client/api.js
//   honest, client alone  caller-client/caller.ts in a project of its own,
//                     which holds the client module and nothing of the app
//                     (a front end's package)
//   hc                caller/caller.ts in the Hono app's project, hc<AppType>
//   hc, .d.ts         caller-dts/caller.ts in a project of its own, importing
//                     hcWithType from the app's declaration build
//   honest + plugin   as honest, with { "name": "honest/language-service" }
//                     in the tsconfig (CLIENT_EDITOR_PLUGIN=0 leaves it out)
// and timed: `open` then `semanticDiagnosticsSync` on the caller (first:
// from writing `open` to the answer, so loading the project counts), then
// one-line edits to the caller (edits.mjs's CALLER_EDITS), each `change`
// then `semanticDiagnosticsSync`, timed from writing the request to reading
// its answer: untimed warm-up edits, then the timed ones (median, p90); where
// the first request took more than 30 s, 1 untimed and 3 timed. tsserver
// runs with --max-old-space-size=3072, as VS Code starts it. Every
// diagnostic tsserver reports on the caller is kept (code and text: a
// TS2589 "Type instantiation is excessively deep" would be one), tsserver's
// `quickinfo` on `unit` (the type the caller got for `dims.unit`, "cm" | "in"
// when the types came through) after the edits, and the tsserver process's
// resident and peak memory (/proc). Each session first waits for a quiet
// machine (bench/scale/cpu-load.mjs).
//
//   npm run bench:client-editor                        (builds honest first)
//   CLIENT_EDITOR_NS=10,100 node bench/editor/client-vs-hc.mjs   (other sizes)
//   CLIENT_EDITOR_EDITS=10 (timed edits), CLIENT_EDITOR_WARMUP=3 (untimed first),
//   CLIENT_EDITOR_SLOW_EDITS=3 (timed edits where the first request took over 30 s),
//   CLIENT_EDITOR_PLUGIN=0 (no "honest + plugin" variant),
//   CLIENT_EDITOR_TIMEOUT_S=600 (a request slower than this ends its variant),
//   CLIENT_EDITOR_KEEP=1 (keep the temporary folders, to open them in an editor)
//   CLIENT_EDITOR_FROM=bench/editor/.out/client-vs-hc.json (print the tables of a run again, measuring nothing)
//
// Progress goes to stderr, the markdown to stdout; the raw figures to
// bench/editor/.out/client-vs-hc.json.

import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { cpus, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { waitForQuiet } from "../scale/cpu-load.mjs";
import { PLUGIN, REPO } from "../scale/generate.mjs";
import { honestProject } from "../scale/honest-flavour.mjs";
import { honoRpcProject } from "../scale/hono-rpc-flavour.mjs";
import { ROUTES } from "../scale/model.mjs";
import { hcCaller, honestCaller } from "./client-callers.mjs";
import { CALLER_EDITS } from "./edits.mjs";
import { changeArgs, Server } from "./tsserver-process.mjs";

const NS = (process.env.CLIENT_EDITOR_NS ?? "10,100,500").split(",").map(Number);
const EDITS = Number(process.env.CLIENT_EDITOR_EDITS ?? 10);
const WARMUP = Number(process.env.CLIENT_EDITOR_WARMUP ?? 3);
const SLOW_MS = 30_000;
const SLOW_EDITS = Number(process.env.CLIENT_EDITOR_SLOW_EDITS ?? 3);
// VS Code's default for typescript.tsserver.maxTsServerMemory.
const TSSERVER_NODE_OPTIONS = ["--max-old-space-size=3072"];
const WITH_PLUGIN = process.env.CLIENT_EDITOR_PLUGIN !== "0";
const TIMEOUT_MS = Number(process.env.CLIENT_EDITOR_TIMEOUT_S ?? 600) * 1000;
const KEEP = process.env.CLIENT_EDITOR_KEEP === "1";
const COMPILE_TIMEOUT_MS = 30 * 60_000;

const TSC = join(REPO, "node_modules", "typescript", "bin", "tsc");
const TSPC = join(REPO, "node_modules", "ts-patch", "bin", "tspc.js");
const LINKED = ["typescript", "hono", "@hono/node-server", "@hono/zod-validator", "zod", "@types/node"];
const ts = JSON.parse(readFileSync(join(REPO, "node_modules", "typescript", "package.json"), "utf8"));

const log = (text) => process.stderr.write(text + "\n");
const sorted = (values) => [...values].sort((a, b) => a - b);
const median = (values) => sorted(values)[values.length >> 1];
const p90 = (values) => sorted(values)[Math.ceil(values.length * 0.9) - 1];
const json = (value) => JSON.stringify(value, null, 2) + "\n";

const EDITOR_OPTIONS = {
  target: "es2022",
  module: "nodenext",
  moduleResolution: "nodenext",
  lib: ["es2023"],
  types: ["node"],
  strict: true,
  skipLibCheck: true,
  noEmit: true,
};

/** The tsconfig.json an editor opens: the project's options, checking only, over `include`. */
const editorTsconfig = (include, plugins) => json({ compilerOptions: { ...EDITOR_OPTIONS, ...(plugins && { plugins }) }, include });

function writeFiles(root, files) {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
}

/** Runs a compiler; its output and whether it succeeded (tsc exits non-zero on type errors, and may still have written files). */
function compile(script, project) {
  const start = performance.now();
  try {
    const output = execFileSync(process.execPath, [script, "-p", project], {
      cwd: dirname(project),
      encoding: "utf8",
      maxBuffer: 2 ** 28,
      timeout: COMPILE_TIMEOUT_MS,
    });
    return { ok: true, output, seconds: (performance.now() - start) / 1000 };
  } catch (error) {
    const output = `${error.stdout ?? ""}${error.stderr ?? ""}${error.signal ? `\n${error.signal} after ${COMPILE_TIMEOUT_MS / 1000} s` : ""}`;
    return { ok: false, output, seconds: (performance.now() - start) / 1000 };
  }
}

/** Both apps of `n` controllers and their callers, in a fresh folder; builds honest's client and Hono's declarations. */
function setUp(n) {
  const root = mkdtempSync(join(tmpdir(), `honest-client-vs-hc-${n}-`));
  mkdirSync(join(root, "node_modules", "@types"), { recursive: true });
  symlinkSync(REPO, join(root, "node_modules", "honest"), "dir");
  for (const name of LINKED) {
    mkdirSync(join(root, "node_modules", name, ".."), { recursive: true });
    symlinkSync(join(REPO, "node_modules", name), join(root, "node_modules", name), "dir");
  }

  const honest = join(root, "honest");
  const { "tsconfig.json": buildConfig, ...honestFiles } = honestProject(n, PLUGIN);
  const build = JSON.parse(buildConfig);
  build.compilerOptions.plugins[0].client = "client/api.ts";
  writeFiles(honest, {
    ...Object.fromEntries(Object.entries(honestFiles).filter(([path]) => path.startsWith("src/"))),
    "tsconfig.build.json": json(build),
  });
  log(`  honest: tspc with the client option`);
  const honestBuild = compile(TSPC, join(honest, "tsconfig.build.json"));
  if (!honestBuild.ok) throw new Error(`tspc failed:\n${honestBuild.output.slice(0, 4000)}`);
  log(
    `    ${honestBuild.seconds.toFixed(1)} s; client/api.ts ${(readFileSync(join(honest, "client", "api.ts")).length / 1024).toFixed(0)} kB`,
  );
  writeFiles(honest, {
    "tsconfig.json": editorTsconfig(["src", "caller"]),
    "caller/caller.ts": honestCaller(n, "../client/api.js"),
    "caller-client/tsconfig.json": editorTsconfig(["caller.ts"]),
    "caller-client/caller.ts": honestCaller(n, "../client/api.js"),
  });

  const hono = join(root, "hono");
  const { "tsconfig.json": _, ...honoFiles } = honoRpcProject(n);
  writeFiles(hono, {
    ...honoFiles,
    "tsconfig.json": editorTsconfig(["src", "caller"]),
    "caller/caller.ts": hcCaller(n, "../src/app.js"),
    "caller-dts/tsconfig.json": editorTsconfig(["caller.ts"]),
    "caller-dts/caller.ts": hcCaller(n, "../types/client.js", { dts: true }),
  });
  log(`  hono: tsc's declaration build (types/)`);
  const honoTypes = compile(TSC, join(hono, "tsconfig.types.json"));
  const typesErrors = [...new Set((honoTypes.output.match(/error TS\d+/g) ?? []).map((error) => error.replace("error ", "")))];
  log(`    ${honoTypes.seconds.toFixed(1)} s${honoTypes.ok ? "" : `, with errors: ${typesErrors.join(", ")}`}`);

  return {
    root,
    honest,
    hono,
    builds: {
      honest: { seconds: honestBuild.seconds, clientBytes: readFileSync(join(honest, "client", "api.ts")).length },
      honoTypes: { seconds: honoTypes.seconds, ok: honoTypes.ok, errors: typesErrors, output: honoTypes.output.slice(0, 2000) },
    },
  };
}

/** Resolves with `promise`, or rejects once TIMEOUT_MS have passed. */
function inTime(promise, what) {
  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer in ${TIMEOUT_MS / 1000} s`)), TIMEOUT_MS);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

// A diagnostic by its code and first line, without its place (an edit moves it): the times it was answered are counted.
const diagnosticText = (d) => `TS${d.code}: ${d.text.split("\n")[0].slice(0, 300)}`;

/** One tsserver on `file` (the caller) in the project under `projectRoot`: the first request, edits, the type of `unit`, memory. */
async function session(projectRoot, file, { plugin = false } = {}) {
  const logFile = join(dirname(file), `tsserver-${plugin ? "plugin" : "plain"}.log`);
  const server = new Server(logFile, TSSERVER_NODE_OPTIONS);
  let text = readFileSync(file, "utf8");
  const diagnostics = new Map();
  const keep = (body) => {
    for (const d of body) diagnostics.set(diagnosticText(d), (diagnostics.get(diagnosticText(d)) ?? 0) + 1);
  };
  const times = [];
  try {
    const start = performance.now();
    server.tell("open", { file, fileContent: text, projectRootPath: projectRoot });
    const first = await inTime(server.ask("semanticDiagnosticsSync", { file }), "first request");
    const firstMs = performance.now() - start;
    keep(first.body);
    log(`    first ${firstMs.toFixed(0)} ms (the request itself ${first.ms.toFixed(0)} ms), ${first.body.length} diagnostics`);
    const [warmup, edits] = first.ms > SLOW_MS ? [1, SLOW_EDITS] : [WARMUP, EDITS];
    for (let e = 0; e < warmup + edits; e++) {
      const after = CALLER_EDITS[e % CALLER_EDITS.length].apply(text, e + 1);
      server.tell("change", changeArgs(file, text, after));
      text = after;
      const { body, ms } = await inTime(server.ask("semanticDiagnosticsSync", { file }), `edit ${e + 1}`);
      keep(body);
      if (e >= warmup) times.push(ms);
      log(`      edit ${e + 1}: ${ms.toFixed(0)} ms${e < warmup ? " (untimed)" : ""}`);
    }
    const memory = server.memory();
    const at = text.split("\n").findIndex((line) => /const unit =/.test(line));
    const info = await inTime(
      server.ask("quickinfo", { file, line: at + 1, offset: text.split("\n")[at].indexOf("unit") + 1 }),
      "quickinfo",
    );
    const pluginOn = readFileSync(logFile, "utf8").includes("[honest] on for");
    if (pluginOn !== plugin) throw new Error(`honest's plugin is ${pluginOn ? "on" : "off"} in ${logFile}`);
    const result = {
      firstMs,
      firstRequestMs: first.ms,
      warmup,
      median: median(times),
      p90: p90(times),
      times,
      unitType: info.body.displayString,
      diagnostics: Object.fromEntries(diagnostics),
      ...memory,
    };
    log(
      `    after an edit ${result.median.toFixed(1)} ms (p90 ${result.p90.toFixed(1)}); ${result.unitType}; ` +
        `${memory ? `tsserver ${memory.rssMb.toFixed(0)} MB (peak ${memory.peakRssMb.toFixed(0)} MB); ` : ""}` +
        `${diagnostics.size === 0 ? "no diagnostics" : [...diagnostics.keys()].join(" | ")}`,
    );
    return result;
  } catch (error) {
    log(`    failed: ${error.message}`);
    return { failed: error.message, times, diagnostics: Object.fromEntries(diagnostics), ...server.memory() };
  } finally {
    server.close();
  }
}

async function measure(n) {
  const { root, honest, hono, builds } = setUp(n);
  const variants = [
    ["honest", honest, "caller"],
    ["honestAlone", honest, "caller-client"],
    ["hc", hono, "caller"],
    ["hcDts", hono, "caller-dts"],
  ];
  const results = {};
  try {
    for (const [name, project, folder] of variants) {
      const waited = await waitForQuiet();
      log(
        `  ${name} (${join(project, folder, "caller.ts").slice(root.length + 1)}; waited ${(waited / 1000).toFixed(1)} s for a quiet machine)`,
      );
      results[name] = await session(project, join(project, folder, "caller.ts"));
    }
    if (WITH_PLUGIN) {
      writeFileSync(join(honest, "tsconfig.json"), editorTsconfig(["src", "caller"], [{ name: "honest/language-service" }]));
      await waitForQuiet();
      log(`  honest + plugin`);
      results.honestPlugin = await session(honest, join(honest, "caller", "caller.ts"), { plugin: true });
    }
  } finally {
    if (KEEP) log(`  kept ${root}`);
    else rmSync(root, { recursive: true, force: true });
  }
  return { n, routes: n * ROUTES.length, builds, ...results };
}

const ms = (value) => (value === undefined ? "–" : value < 10 ? value.toFixed(1) : value.toFixed(0));
const row = (cells) => `| ${cells.map((cell) => String(cell).replaceAll("|", "\\|")).join(" | ")} |`;
/** A markdown table, the columns at `left` aligned left and the others right. */
const table = (header, rows, left = [0]) =>
  [row(header), `| ${header.map((_, i) => (left.includes(i) ? "---" : "---:")).join(" | ")} |`, ...rows.map(row)].join("\n");

/** The codes of what tsserver reported on the caller, each with the number of different messages under it. */
function errors(variant) {
  if (variant.failed) return `failed: ${variant.failed}`;
  const messages = new Map();
  for (const text of Object.keys(variant.diagnostics)) {
    const [, code, message] = /^(TS\d+)(?: \(\d+,\d+\))?: (.*)$/.exec(text);
    messages.set(code, (messages.get(code) ?? new Set()).add(message));
  }
  return [...messages].map(([code, set]) => (set.size > 1 ? `${code} × ${set.size}` : code)).join(", ") || "none";
}
const unitType = (variant) => (variant.unitType ? `\`${variant.unitType.replace(/^const unit: /, "")}\`` : "–");
const ratio = (a, b) => (a.failed || b.failed ? "–" : (a.median / b.median).toFixed(1));
const firstRatio = (a, b) => (a.failed || b.failed ? "–" : (a.firstMs / b.firstMs).toFixed(1));

const VARIANTS = [
  ["honest", "honest, caller in the app's project"],
  ["honestAlone", "honest, client alone"],
  ["hc", "hc<AppType>, caller in the app's project"],
  ["hcDts", "hc, the app's types from its .d.ts"],
  ["honestPlugin", "honest + its plugin, caller in the app's project"],
];

function report({ meta, results }) {
  return `Node ${meta.node}, TypeScript ${meta.typescript} (tsserver), ${meta.cpus}; ${meta.edits} timed edits to the caller after ${meta.warmup} untimed (3 after 1 where the first request took over 30 s); the whole run took ${meta.minutes.toFixed(1)} min.

### honest's generated client against hc<AppType>, the caller in the app's project (ms)

${table(
  [
    "N (routes)",
    "honest first",
    "hc first",
    "hc ÷ honest, first",
    "honest after an edit (p90)",
    "hc after an edit (p90)",
    "hc ÷ honest, after an edit",
    "hc's type of unit, errors",
  ],
  results.map((r) => [
    `${r.n} (${r.routes})`,
    ms(r.honest.firstMs),
    ms(r.hc.firstMs),
    firstRatio(r.hc, r.honest),
    `${ms(r.honest.median)} (${ms(r.honest.p90)})`,
    `${ms(r.hc.median)} (${ms(r.hc.p90)})`,
    ratio(r.hc, r.honest),
    `${unitType(r.hc)}, ${errors(r.hc)}`,
  ]),
  [0, 7],
)}

### Every variant: first request, after an edit (median, p90), tsserver's memory, what the caller saw

${table(
  [
    "N (routes)",
    "variant",
    "first ms",
    "after an edit ms",
    "p90 ms",
    "edits timed",
    "tsserver MB (peak)",
    "type of unit",
    "errors on the caller",
  ],
  results.flatMap((r) =>
    VARIANTS.filter(([key]) => r[key]).map(([key, label]) => {
      const v = r[key];
      return [
        `${r.n} (${r.routes})`,
        label,
        ms(v.firstMs),
        ms(v.median),
        ms(v.p90),
        v.times.length,
        v.rssMb === undefined ? "–" : `${v.rssMb.toFixed(0)} (${v.peakRssMb.toFixed(0)})`,
        unitType(v),
        errors(v),
      ];
    }),
  ),
  [0, 1, 7, 8],
)}

### Builds

${table(
  ["N (routes)", "tspc + honest with the client s", "client/api.ts kB", "Hono app's declaration build s", "its errors"],
  results.map((r) => [
    `${r.n} (${r.routes})`,
    r.builds.honest.seconds.toFixed(1),
    (r.builds.honest.clientBytes / 1024).toFixed(0),
    r.builds.honoTypes.seconds.toFixed(1),
    r.builds.honoTypes.errors.map((error) => error.replace("error ", "")).join(", ") || "none",
  ]),
  [0, 4],
)}`;
}

if (process.env.CLIENT_EDITOR_FROM) {
  console.log(report(JSON.parse(readFileSync(process.env.CLIENT_EDITOR_FROM, "utf8"))));
} else {
  const started = performance.now();
  const results = [];
  for (const n of NS) {
    log(`N=${n} (${n * ROUTES.length} routes)`);
    results.push(await measure(n));
  }
  const meta = {
    node: process.version,
    typescript: ts.version,
    cpus: `${cpus().length} × ${cpus()[0]?.model.trim()}`,
    edits: EDITS,
    warmup: WARMUP,
    minutes: (performance.now() - started) / 60_000,
  };
  mkdirSync(join(REPO, "bench", "editor", ".out"), { recursive: true });
  writeFileSync(join(REPO, "bench", "editor", ".out", "client-vs-hc.json"), json({ meta, results }));
  console.log(report({ meta, results }));
}
