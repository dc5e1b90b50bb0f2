import { cpSync } from "node:fs";
import path from "node:path";

// A copy of this repository's working tree as a fresh clone has it: the
// sources, without what a build or an install makes, nor git's data. The
// packaging tests pack and install from a copy so that their builds never
// rewrite this repository's dist/ while other test files load from it.

export const repositoryRoot = path.resolve(import.meta.dirname, "../..");

/** What a fresh clone does not have: what a build or an install makes, and git's data. */
function isBuildOutput(relative: string): boolean {
  const parts = relative.split(path.sep);
  return (
    ["node_modules", "dist", ".git"].includes(parts[0]!) ||
    parts.includes("node_modules") ||
    relative === path.join("example", "dist") ||
    relative === path.join("test", ".out") ||
    relative.endsWith(".tgz")
  );
}

export function copyWorkingTree(destination: string): void {
  cpSync(repositoryRoot, destination, {
    recursive: true,
    filter: (source) => !isBuildOutput(path.relative(repositoryRoot, source)),
  });
}
