import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { repositoryRoot } from "./working-tree.js";

// Whether this repository's dist/ is what `npm run build` makes of the
// working tree as it is now: each of the build's two tsconfig files emitted
// every one of its sources after the last edit to any of them (tsc rewrites
// every output on each build), dist/ holds no module those builds would not
// make (a source deleted since), and the build's last step wrote
// dist/cjs/package.json. When it is, the tarball can be packed from it
// without building again; when not, packed-tarball.ts builds as `prepack` does.

/** The tsconfig files `npm run build` compiles, in its order. */
const BUILD_CONFIGS = ["tsconfig.json", "tsconfig.cjs.json"];

/** A source's module in the output folder: .ts → .js, .cts → .cjs, .mts → .mjs. */
function emittedModule(source: string, rootDir: string, outDir: string): string {
  return path.join(outDir, path.relative(rootDir, source)).replace(/\.([cm]?)ts$/, ".$1js");
}

/** The source a module in the output folder was emitted from, if it is there. */
function sourceOf(module: string, rootDir: string, outDir: string): string | undefined {
  const source = path.join(rootDir, path.relative(outDir, module)).replace(/\.([cm]?)js$/, ".$1ts");
  return existsSync(source) ? source : undefined;
}

function modulesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((file) => /\.[cm]?js$/.test(file))
    .map((file) => path.join(dir, file));
}

/** Why dist/ is not the build of the working tree as it is, or undefined when it is. */
export function staleDist(root = repositoryRoot): string | undefined {
  if (!existsSync(path.join(root, "dist/cjs/package.json"))) return "dist/cjs/package.json is missing";
  for (const config of BUILD_CONFIGS) {
    const configFile = path.join(root, config);
    const parsed = ts.getParsedCommandLineOfConfigFile(configFile, {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} });
    if (!parsed?.options.outDir || !parsed.options.rootDir) return `${config} does not parse to an outDir and a rootDir`;
    const { outDir, rootDir } = parsed.options;
    // The included sources, and those they import, which tsc emits too.
    const modules = modulesUnder(outDir);
    const sources = new Set(parsed.fileNames.filter((file) => !file.endsWith(".d.ts")));
    for (const module of modules) {
      const source = sourceOf(module, rootDir, outDir);
      if (source === undefined) return `${path.relative(root, module)} has no source in the working tree`;
      sources.add(source);
    }
    const newestInput = Math.max(statSync(configFile).mtimeMs, ...[...sources].map((source) => statSync(source).mtimeMs));
    for (const source of sources) {
      const module = emittedModule(source, rootDir, outDir);
      if (!existsSync(module)) return `${path.relative(root, module)} is missing`;
      if (statSync(module).mtimeMs < newestInput) return `${path.relative(root, module)} is older than the newest source of ${config}`;
    }
  }
  return undefined;
}
