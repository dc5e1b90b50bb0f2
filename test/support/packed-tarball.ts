import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { runOrThrow } from "./commands.js";
import { copyWorkingTree, repositoryRoot } from "./working-tree.js";

// honest as `npm pack` makes it (its `prepack` script builds dist/), packed
// from a copy of the working tree whose node_modules is this repository's.
// Packed once per test run (support/pack-once.ts makes the run's folder),
// however many test files install it: the first to ask packs under a lock
// (a folder, which only one process can create), the others wait for it.

/** How long a test file waits for another to finish packing. */
const PACK_WAIT_MS = 600_000;

/** The tarball of this run, packed on first use. */
export function packedTarball(): string {
  const runDir = process.env.HONEST_PACK_DIR;
  if (!runDir) return packHonest(mkdtempSync(path.join(os.tmpdir(), "honest-pack-")));
  const done = path.join(runDir, "tarball");
  const until = Date.now() + PACK_WAIT_MS;
  while (!existsSync(done)) {
    try {
      mkdirSync(path.join(runDir, "lock"));
    } catch {
      if (Date.now() > until) throw new Error(`waited ${PACK_WAIT_MS / 1000} s for another test file to pack honest in ${runDir}`);
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 250);
      continue;
    }
    writeFileSync(done, packHonest(path.join(runDir, "work")));
  }
  return readFileSync(done, "utf8");
}

/** Packs honest under `workDir` and returns the tarball's path. */
function packHonest(workDir: string): string {
  const staging = path.join(workDir, "honest");
  const packDir = path.join(workDir, "pack");
  mkdirSync(packDir, { recursive: true });
  copyWorkingTree(staging);
  symlinkSync(path.join(repositoryRoot, "node_modules"), path.join(staging, "node_modules"), "dir");
  runOrThrow("npm", ["pack", "--pack-destination", packDir], staging);
  const tarballs = readdirSync(packDir).filter((file) => file.endsWith(".tgz"));
  if (tarballs.length !== 1 || !/^honest-\d+\.\d+\.\d+.*\.tgz$/.test(tarballs[0]!)) {
    throw new Error(`npm pack made ${JSON.stringify(tarballs)}, not one honest-<version>.tgz`);
  }
  return path.join(packDir, tarballs[0]!);
}
