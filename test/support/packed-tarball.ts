import { mkdirSync, readdirSync, symlinkSync } from "node:fs";
import path from "node:path";
import { runOrThrow } from "./commands.js";
import { copyWorkingTree, repositoryRoot } from "./working-tree.js";

// honest as `npm pack` makes it (its `prepack` script builds dist/), packed
// from a copy of the working tree whose node_modules is this repository's.

/** Packs honest under `workDir` and returns the tarball's path. */
export function packHonest(workDir: string): string {
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
