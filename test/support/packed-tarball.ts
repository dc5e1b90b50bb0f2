import { cpSync, mkdirSync, mkdtempSync, readdirSync, symlinkSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { staleDist } from "./built-dist.js";
import { runOrThrow } from "./commands.js";
import { oncePerRun, runFolder } from "./once-per-run.js";
import { copyWorkingTree, repositoryRoot } from "./working-tree.js";

// honest as `npm pack` makes it, packed from a copy of the working tree
// whose node_modules is this repository's. `prepack` builds dist/ when
// publishing; here the build is not repeated when this repository's dist/ is
// already the build of the working tree as it is (support/built-dist.ts, as
// after `npm test`'s `npm run build:example`): that dist/ is copied and
// packed with --ignore-scripts. Otherwise the copy is built as `prepack`
// builds it, then packed the same way.
// Packed once per test run however many test files install it
// (support/once-per-run.ts).

/** The tarball of this run, packed on first use. */
export function packedTarball(): string {
  const runDir = runFolder();
  if (!runDir) return packHonest(mkdtempSync(path.join(os.tmpdir(), "honest-pack-")));
  return oncePerRun(runDir, "tarball", () => packHonest(path.join(runDir, "work")));
}

/** Packs honest under `workDir` and returns the tarball's path. */
function packHonest(workDir: string): string {
  const staging = path.join(workDir, "honest");
  const packDir = path.join(workDir, "pack");
  mkdirSync(packDir, { recursive: true });
  copyWorkingTree(staging);
  symlinkSync(path.join(repositoryRoot, "node_modules"), path.join(staging, "node_modules"), "dir");
  if (staleDist() === undefined) cpSync(path.join(repositoryRoot, "dist"), path.join(staging, "dist"), { recursive: true });
  else runOrThrow("npm", ["run", "build"], staging);
  runOrThrow("npm", ["pack", "--ignore-scripts", "--pack-destination", packDir], staging);
  const tarballs = readdirSync(packDir).filter((file) => file.endsWith(".tgz"));
  if (tarballs.length !== 1 || !/^honest-\d+\.\d+\.\d+.*\.tgz$/.test(tarballs[0]!)) {
    throw new Error(`npm pack made ${JSON.stringify(tarballs)}, not one honest-<version>.tgz`);
  }
  return path.join(packDir, tarballs[0]!);
}
