// The same edits through a real tsserver, as an editor sends them: for N
// controllers, the app (bench/scale's) copied to a temporary folder whose
// node_modules links honest (the repository), typescript, hono and
// @types/node, served by node_modules/typescript/lib/tsserver.js
// (--allowLocalPluginLoads), once without honest's plugin in tsconfig and
// once with `{ "name": "honest/language-service" }`. Each: `open` a
// controller, `semanticDiagnosticsSync` (the first request), then one-line
// edits (edits.mjs, to the controller) each sent as `change` and followed by
// `semanticDiagnosticsSync` on the file, timed from the request written to
// its answer read. The difference between the two servers' medians is what
// the plugin adds, measured across two processes (so noisier than run.mjs's
// split, which is the primary figure).
//
//   node bench/editor/tsserver.mjs           (after npm run build; EDITOR_NS=10,100 for other sizes)

import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { generate, REPO } from "../scale/generate.mjs";
import { ROUTES } from "../scale/model.mjs";
import { CONTROLLER_EDITS } from "./edits.mjs";
import { changeArgs, Server } from "./tsserver-process.mjs";

const NS = (process.env.EDITOR_NS ?? "10,100,500").split(",").map(Number);
const EDITS = Number(process.env.EDITOR_EDITS ?? 30);
const WARMUP = Number(process.env.EDITOR_WARMUP ?? 4);

const log = (text) => process.stderr.write(text + "\n");
const sorted = (values) => [...values].sort((a, b) => a - b);
const median = (values) => sorted(values)[values.length >> 1];
const p90 = (values) => sorted(values)[Math.ceil(values.length * 0.9) - 1];

/** The app of `source` in a fresh folder linked to the repository, with or without honest's plugin in its tsconfig. */
function copyProject(source, withPlugin) {
  const root = mkdtempSync(join(tmpdir(), `honest-editor-${withPlugin ? "plugin" : "plain"}-`));
  cpSync(join(source, "src"), join(root, "src"), { recursive: true });
  const config = JSON.parse(readFileSync(join(source, "tsconfig.json"), "utf8"));
  if (withPlugin) config.compilerOptions.plugins.push({ name: "honest/language-service" });
  writeFileSync(join(root, "tsconfig.json"), JSON.stringify(config, null, 2));
  mkdirSync(join(root, "node_modules", "@types"), { recursive: true });
  symlinkSync(REPO, join(root, "node_modules", "honest"), "dir");
  for (const name of ["typescript", "hono", "@hono/node-server", "@types/node"]) {
    mkdirSync(join(root, "node_modules", name, ".."), { recursive: true });
    symlinkSync(join(REPO, "node_modules", name), join(root, "node_modules", name), "dir");
  }
  return root;
}

async function session(source, n, withPlugin) {
  const root = copyProject(source, withPlugin);
  const logFile = join(root, "tsserver.log");
  const server = new Server(logFile);
  const middle = n >> 1;
  const pair = [middle, Math.min(middle + 1, n - 1)];
  const files = new Map(pair.map((i) => [i, join(root, "src", `r${i}`, `r${i}.controller.ts`)]));
  const texts = new Map([...files].map(([i, file]) => [i, readFileSync(file, "utf8")]));
  try {
    for (const [i, file] of files) server.tell("open", { file, fileContent: texts.get(i), projectRootPath: root });
    const first = await server.ask("semanticDiagnosticsSync", { file: files.get(middle) });
    const times = [];
    for (let e = 0, k = 0; e < WARMUP + EDITS; e++) {
      const i = pair[e % 2];
      const edit = CONTROLLER_EDITS[Math.floor(e / 2) % CONTROLLER_EDITS.length];
      const after = edit.apply(texts.get(i), ++k);
      server.tell("change", changeArgs(files.get(i), texts.get(i), after));
      texts.set(i, after);
      const { body, ms } = await server.ask("semanticDiagnosticsSync", { file: files.get(i) });
      if (body.length > 0) throw new Error(`unexpected diagnostics: ${JSON.stringify(body[0])}`);
      if (e >= WARMUP) times.push(ms);
    }
    const pluginOn = readFileSync(logFile, "utf8").includes("[honest] on for");
    if (pluginOn !== withPlugin) throw new Error(`honest's plugin is ${pluginOn ? "on" : "off"} in ${logFile}`);
    return { firstMs: first.ms, median: median(times), p90: p90(times), times };
  } finally {
    server.close();
    rmSync(root, { recursive: true, force: true });
  }
}

const rows = [];
for (const n of NS) {
  const routes = n * ROUTES.length;
  const { honest: source } = generate(n);
  log(`N=${n} (${routes} routes)`);
  const plain = await session(source, n, false);
  log(
    `  without the plugin: first ${plain.firstMs.toFixed(0)} ms, after an edit ${plain.median.toFixed(1)} ms (p90 ${plain.p90.toFixed(1)})`,
  );
  const plugin = await session(source, n, true);
  log(
    `  with the plugin: first ${plugin.firstMs.toFixed(0)} ms, after an edit ${plugin.median.toFixed(1)} ms (p90 ${plugin.p90.toFixed(1)})`,
  );
  rows.push({ n, routes, plain, plugin });
}

const ms = (value) => (value < 10 ? value.toFixed(1) : value.toFixed(0));
console.log(`| N (routes) | first, no plugin ms | first, plugin ms | after an edit, no plugin ms (p90) | after an edit, plugin ms (p90) | added ms | added ÷ no plugin |
| --- | ---: | ---: | ---: | ---: | ---: | ---: |
${rows
  .map(
    ({ n, routes, plain, plugin }) =>
      `| ${n} (${routes}) | ${ms(plain.firstMs)} | ${ms(plugin.firstMs)} | ${ms(plain.median)} (${ms(plain.p90)}) | ${ms(plugin.median)} (${ms(plugin.p90)}) | ${ms(plugin.median - plain.median)} | ${((plugin.median - plain.median) / plain.median).toFixed(2)} |`,
  )
  .join("\n")}`);
