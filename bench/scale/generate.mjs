// Writes the two flavours of an N-controller app (8 routes each) under
// bench/scale/.out/n-<N>/: honest/ (tspc with honest's transformer, or plain
// tsc), generator/ (`honest generate`, then TypeScript 7's tsc) and hono/
// (Hono by hand, plain tsc), their TypeScript from templates/
// (from-templates.mjs).
//
//   node bench/scale/generate.mjs 100
//
// The projects stay inside the repository on purpose: with no package.json of
// their own, the repository's is the nearest one, so `import ... from "honest"`
// is a self-reference to the built package (dist/, through its "exports"), and
// hono, @hono/node-server and @types/node come from the repository's node_modules.

import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { generatorProject, honestProject } from "./honest-flavour.mjs";
import { honoProject } from "./hono-flavour.mjs";
import { ROUTES } from "./model.mjs";

const here = dirname(fileURLToPath(import.meta.url));
export const REPO = join(here, "..", "..");
export const PLUGIN = join(REPO, "dist", "cjs", "transformer", "index.js");

function writeProject(root, files) {
  rmSync(root, { recursive: true, force: true });
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
}

/** Writes both projects for `n` controllers; returns their folders. */
export function generate(n) {
  const root = join(here, ".out", `n-${n}`);
  const honest = join(root, "honest");
  const hono = join(root, "hono");
  const generator = join(root, "generator");
  writeProject(honest, honestProject(n, PLUGIN));
  writeProject(hono, honoProject(n));
  writeProject(generator, generatorProject(n));
  return { honest, hono, generator };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const n = Number(process.argv[2] ?? 10);
  if (!Number.isInteger(n) || n < 1) throw new Error("usage: node bench/scale/generate.mjs <controllers>");
  const { honest, hono, generator } = generate(n);
  console.log(`${n} controllers × ${ROUTES.length} routes:\n  ${honest}\n  ${generator}\n  ${hono}`);
}
