// What honest's language-service plugin adds to an editor's semantic-
// diagnostics request after a one-line edit, against TypeScript's own time
// for the same request, as the app grows (docs/benchmarks.md, "Editor: honest's
// diagnostics per keystroke"). For N controllers × 8 routes (bench/scale's
// apps), in this process:
//   a language service over the app's tsconfig, its host keeping versioned
//   texts in memory as tsserver does (editor-host.mjs), wrapped with
//   honestLanguageService;
//   first request: TypeScript's getSemanticDiagnostics on a controller in the
//   middle of the app (the program built, the file checked), then honest's
//   first analysis of the whole program;
//   then one-line edits (edits.mjs), each followed by one request, timed in
//   two parts: TypeScript's own (the unwrapped service's
//   getSemanticDiagnostics: the new program and the file's check), then
//   honest's (getProgram() and IncrementalDiagnostics#ofFile on it, what the
//   plugin does after TypeScript answers, so TypeScript's check is done and
//   not counted again). After each timed request the wrapped service answers
//   the same request, untimed, and must give TypeScript's diagnostics plus
//   honest's.
//   Two cases: an edit to a controller and a request on it (alternating two
//   controllers); an edit to a DTO and a request on the controller importing
//   it (alternating two DTOs).
//
//   npm run bench:editor                       (builds honest first)
//   EDITOR_NS=10,100 node bench/editor/run.mjs (other sizes)
//   EDITOR_EDITS=30 (edits per case), EDITOR_WARMUP=10 (untimed edits first)
//
// Each size runs in a process of its own (this file, with EDITOR_ONE=<N>), so
// that its first request is as cold as an editor's opening the project.
//   EDITOR_ONE=500 EDITOR_PROFILE=/tmp/edits node bench/editor/run.mjs
//     (one size, CPU profiles of the timed edits only, without the plugin's
//     untimed second answer: /tmp/edits-1.cpuprofile for the controller
//     edits, -2 for the DTO edits; the JSON results to stdout)
//
// Progress goes to stderr, the markdown to stdout; the raw figures to
// bench/editor/.out/results.json.

import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { Session } from "node:inspector";
import { createRequire } from "node:module";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { busySeconds, HAS_CPU_STAT, waitForQuiet } from "../scale/cpu-load.mjs";
import { generate, REPO } from "../scale/generate.mjs";
import { ROUTES } from "../scale/model.mjs";
import { EditorHost, ts } from "./editor-host.mjs";
import { CONTROLLER_EDITS, DTO_EDITS } from "./edits.mjs";

const NS = (process.env.EDITOR_NS ?? "10,100,500").split(",").map(Number);
const EDITS = Number(process.env.EDITOR_EDITS ?? 30);
const WARMUP = Number(process.env.EDITOR_WARMUP ?? 10);
const GOAL_RATIO = 0.25;
const GOAL_MS = 100;
const PROFILE = process.env.EDITOR_PROFILE;

const require = createRequire(join(REPO, "package.json"));
const { honestLanguageService } = require(join(REPO, "dist", "cjs", "transformer", "language-service", "plugin.js"));
const { IncrementalDiagnostics } = require(
  join(REPO, "dist", "cjs", "transformer", "compiler", "incremental", "incremental-diagnostics.js"),
);

const log = (text) => process.stderr.write(text + "\n");
const sorted = (values) => [...values].sort((a, b) => a - b);
const median = (values) => sorted(values)[values.length >> 1];
const p90 = (values) => sorted(values)[Math.ceil(values.length * 0.9) - 1];
const cpuMs = (before) => {
  const { user, system } = process.cpuUsage(before);
  return (user + system) / 1000;
};

/** One request after an edit: TypeScript's part, then honest's, each wall and CPU ms. */
function timedRequest(service, wrapped, incremental, fileName) {
  let cpu = process.cpuUsage();
  let start = performance.now();
  const own = service.getSemanticDiagnostics(fileName);
  const tsMs = performance.now() - start;
  const tsCpuMs = cpuMs(cpu);
  cpu = process.cpuUsage();
  start = performance.now();
  const honest = incremental.ofFile(service.getProgram(), fileName);
  const honestMs = performance.now() - start;
  const honestCpuMs = cpuMs(cpu);
  const whole = PROFILE ? [...own, ...honest] : wrapped.getSemanticDiagnostics(fileName);
  if (whole.length !== own.length + honest.length) {
    throw new Error(`${fileName}: the plugin answered ${whole.length} diagnostics, not ${own.length} + ${honest.length}`);
  }
  return { tsMs, tsCpuMs, honestMs, honestCpuMs, tsDiagnostics: own.length, honestDiagnostics: honest.length };
}

/** A CPU profile (node:inspector, same thread: each call answers at once) of what runs between start and stop, pauses left out. */
function startProfile() {
  const session = new Session();
  session.connect();
  const post = (method) => {
    let answer;
    session.post(method, (error, result) => {
      if (error) throw error;
      answer = result;
    });
    return answer;
  };
  post("Profiler.enable");
  post("Profiler.start");
  const profiles = [];
  return {
    pause: () => profiles.push(post("Profiler.stop").profile),
    resume: () => post("Profiler.start"),
    stop(file) {
      profiles.push(post("Profiler.stop").profile);
      for (const [i, profile] of profiles.entries())
        writeFileSync(file.replace(/(\.cpuprofile)?$/, `-${i + 1}.cpuprofile`), JSON.stringify(profile));
      session.disconnect();
    },
  };
}

function summary(requests) {
  const pick = (key) => requests.map((request) => request[key]);
  const ratios = requests.map((request) => request.honestMs / request.tsMs);
  const cpuRatios = requests.map((request) => request.honestCpuMs / request.tsCpuMs);
  return {
    edits: requests.length,
    tsMs: { median: median(pick("tsMs")), p90: p90(pick("tsMs")) },
    honestMs: { median: median(pick("honestMs")), p90: p90(pick("honestMs")) },
    tsCpuMs: { median: median(pick("tsCpuMs")), p90: p90(pick("tsCpuMs")) },
    honestCpuMs: { median: median(pick("honestCpuMs")), p90: p90(pick("honestCpuMs")) },
    ratio: { median: median(ratios), p90: p90(ratios) },
    cpuRatio: { median: median(cpuRatios), p90: p90(cpuRatios) },
    diagnostics: { ts: Math.max(...pick("tsDiagnostics")), honest: Math.max(...pick("honestDiagnostics")) },
  };
}

function measure(n) {
  const routes = n * ROUTES.length;
  const { honest: root } = generate(n);
  const host = new EditorHost(join(root, "tsconfig.json"));
  const service = ts.createLanguageService(host, ts.createDocumentRegistry());
  const wrapped = honestLanguageService(service, (message) => log(`    [honest] ${message}`));
  const incremental = new IncrementalDiagnostics();
  const middle = n >> 1;
  const pair = [middle, Math.min(middle + 1, n - 1)];
  const controllerFile = (i) => join(root, "src", `r${i}`, `r${i}.controller.ts`);
  const dtoFile = (i) => join(root, "src", `r${i}`, `r${i}.dto.ts`);

  log(`  first request on ${controllerFile(middle)}`);
  let start = performance.now();
  const firstOwn = service.getSemanticDiagnostics(controllerFile(middle));
  const firstTsMs = performance.now() - start;
  start = performance.now();
  const firstHonest = incremental.ofFile(service.getProgram(), controllerFile(middle));
  const firstHonestMs = performance.now() - start;
  wrapped.getSemanticDiagnostics(controllerFile(middle));
  const files = service.getProgram().getSourceFiles().length;
  log(
    `    TypeScript ${firstTsMs.toFixed(0)} ms (${firstOwn.length} diagnostics), honest ${firstHonestMs.toFixed(0)} ms (${firstHonest.length}); ${files} files`,
  );

  let k = 0;
  const run = (count, edits, editedFile, requestedFile) => {
    const requests = [];
    for (let e = 0; e < count; e++) {
      const i = pair[e % 2];
      const edit = edits[Math.floor(e / 2) % edits.length];
      host.edit(editedFile(i), edit.apply(host.text(editedFile(i)), ++k));
      requests.push({ kind: edit.kind, ...timedRequest(service, wrapped, incremental, requestedFile(i)) });
    }
    return requests;
  };
  const busyBefore = busySeconds();
  const cpuBefore = process.cpuUsage();
  const wallBefore = performance.now();
  log(`  ${WARMUP} untimed edits, then ${EDITS} edits to a controller, then ${EDITS} to a DTO`);
  run(WARMUP, CONTROLLER_EDITS, controllerFile, controllerFile);
  const profiler = PROFILE ? startProfile() : undefined;
  const sameFile = run(EDITS, CONTROLLER_EDITS, controllerFile, controllerFile);
  profiler?.pause();
  run(WARMUP, DTO_EDITS, dtoFile, controllerFile);
  profiler?.resume();
  const crossFile = run(EDITS, DTO_EDITS, dtoFile, controllerFile);
  profiler?.stop(PROFILE);
  const othersCpuSeconds = Math.max(0, busySeconds() - busyBefore - cpuMs(cpuBefore) / 1000);
  const editSeconds = (performance.now() - wallBefore) / 1000;
  const heapMb = process.memoryUsage().heapUsed / 2 ** 20;
  service.dispose();

  const result = {
    n,
    routes,
    files,
    first: { tsMs: firstTsMs, honestMs: firstHonestMs },
    sameFile: { ...summary(sameFile), requests: sameFile },
    crossFile: { ...summary(crossFile), requests: crossFile },
    othersCpuSeconds,
    editSeconds,
    heapMb,
  };
  for (const [name, s] of [
    ["controller", result.sameFile],
    ["DTO → controller", result.crossFile],
  ]) {
    log(
      `    ${name}: TypeScript ${s.tsMs.median.toFixed(1)} ms (p90 ${s.tsMs.p90.toFixed(1)}), ` +
        `honest ${s.honestMs.median.toFixed(1)} ms (p90 ${s.honestMs.p90.toFixed(1)}), ratio ${s.ratio.median.toFixed(2)}`,
    );
  }
  log(
    `    other processes used ${othersCpuSeconds.toFixed(1)} CPU s during ${editSeconds.toFixed(1)} s of edits; heap ${heapMb.toFixed(0)} MB`,
  );
  return result;
}

const ms = (value) => (value < 10 ? value.toFixed(1) : value.toFixed(0));
const row = (cells) => `| ${cells.join(" | ")} |`;
const table = (header, rows) => [row(header), row(header.map((_, i) => (i === 0 ? "---" : "---:"))), ...rows.map(row)].join("\n");

function editTable(results, key) {
  return table(
    [
      "N (routes)",
      "TypeScript ms",
      "TypeScript p90",
      "honest ms",
      "honest p90",
      "honest ÷ TypeScript",
      "÷ p90",
      "TypeScript CPU ms",
      "honest CPU ms",
      "÷ in CPU time",
      "goal",
    ],
    results.map((r) => {
      const s = r[key];
      const met = s.ratio.median <= GOAL_RATIO && (r.routes < 4000 || s.honestMs.median < GOAL_MS);
      return [
        `${r.n} (${r.routes})`,
        ms(s.tsMs.median),
        ms(s.tsMs.p90),
        ms(s.honestMs.median),
        ms(s.honestMs.p90),
        s.ratio.median.toFixed(2),
        s.ratio.p90.toFixed(2),
        ms(s.tsCpuMs.median),
        ms(s.honestCpuMs.median),
        s.cpuRatio.median.toFixed(2),
        met ? "met" : "not met",
      ];
    }),
  );
}

if (process.env.EDITOR_ONE) {
  process.stdout.write(JSON.stringify(measure(Number(process.env.EDITOR_ONE))));
  process.exit(0);
}

const started = performance.now();
const results = [];
for (const n of NS) {
  log(`N=${n} (${n * ROUTES.length} routes): waiting for a quiet machine`);
  const waited = await waitForQuiet();
  log(`  waited ${(waited / 1000).toFixed(1)} s`);
  const output = execFileSync(process.execPath, [fileURLToPath(import.meta.url)], {
    env: { ...process.env, EDITOR_ONE: String(n) },
    stdio: ["ignore", "pipe", "inherit"],
    maxBuffer: 2 ** 28,
  });
  results.push(JSON.parse(output));
}
const minutes = (performance.now() - started) / 60_000;

mkdirSync(join(REPO, "bench", "editor", ".out"), { recursive: true });
writeFileSync(join(REPO, "bench", "editor", ".out", "results.json"), JSON.stringify(results, null, 2) + "\n");

console.log(`Node ${process.version}, TypeScript ${ts.version}; ${EDITS} timed edits per case after ${WARMUP} untimed; the whole run took ${minutes.toFixed(1)} min.

### First request: the program built and one controller checked (TypeScript), honest's first analysis of the whole program

${table(
  ["N (routes)", "files", "TypeScript ms", "honest ms"],
  results.map((r) => [`${r.n} (${r.routes})`, r.files, ms(r.first.tsMs), ms(r.first.honestMs)]),
)}

### A one-line edit to a controller, then a request on it: wall ms, median and p90

${editTable(results, "sameFile")}

### A one-line edit to a DTO, then a request on the controller importing it: wall ms, median and p90

${editTable(results, "crossFile")}

Goal: honest ≤ ${GOAL_RATIO} × TypeScript's own time, and < ${GOAL_MS} ms at 4 000 routes. Each ratio is the median of the requests' own ratios; p90 is the 90th percentile; CPU time is the process's (process.cpuUsage(), V8's helper threads included).
${HAS_CPU_STAT ? `Other processes used ${results.map((r) => `${r.othersCpuSeconds.toFixed(1)} CPU s at N=${r.n}`).join(", ")} during the edits.` : ""}`);
