import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

// The files of a package that its entry points reach: those package.json's
// `exports`, `main`, `module`, `types` and `bin` name, and every file they
// import by a relative specifier, followed through the modules and, from a
// declaration file, through the declarations (`./x.js` is `./x.d.ts` there).

const RELATIVE_IMPORT = /(?:from\s*|import\s*\(\s*|require\s*\(\s*|import\s+)["'](\.{1,2}\/[^"']+)["']/g;

/** The paths, relative to the package folder, named by a package.json field, nested conditions included. */
function named(field: unknown): string[] {
  if (typeof field === "string") return [field];
  if (field === null || typeof field !== "object") return [];
  return Object.values(field).flatMap(named);
}

/** What `specifier`, imported by `importer`, is on disk. */
function resolved(importer: string, specifier: string): string | undefined {
  const target = path.resolve(path.dirname(importer), specifier);
  const candidates = /\.d\.[cm]?ts$/.test(importer)
    ? [target.replace(/\.([cm]?)js$/, ".d.$1ts"), `${target}.d.ts`, path.join(target, "index.d.ts")]
    : [target, `${target}.js`, path.join(target, "index.js")];
  return candidates.find((candidate) => existsSync(candidate) && statSync(candidate).isFile());
}

/** The files the entry points of the package in `dir` reach, relative to `dir`, sorted. */
export function reachedFiles(dir: string): string[] {
  const manifest = JSON.parse(readFileSync(path.join(dir, "package.json"), "utf8"));
  const pending = [manifest.exports, manifest.main, manifest.module, manifest.types, manifest.bin]
    .flatMap(named)
    .filter((file) => file.startsWith("./dist/") || file.startsWith("dist/"))
    .map((file) => path.join(dir, file));
  const reached = new Set<string>();
  for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
    if (reached.has(file) || !existsSync(file)) continue;
    reached.add(file);
    for (const [, specifier] of readFileSync(file, "utf8").matchAll(RELATIVE_IMPORT)) {
      const target = resolved(file, specifier!);
      if (target !== undefined) pending.push(target);
    }
  }
  return [...reached].map((file) => path.relative(dir, file)).sort();
}
