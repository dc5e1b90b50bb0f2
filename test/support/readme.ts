import { readFileSync } from "node:fs";
import path from "node:path";
import { repositoryRoot } from "./working-tree.js";

// What README.md and the pages under docs/ show a user, read by the tests
// that do as they say, so that the documentation and what is tested cannot
// drift apart.

/**
 * The text of the first fenced code block after the line of `file` (relative
 * to the repository, such as "docs/setup/checking-in-ci.md") that starts with
 * `caption` (such as "`tsconfig.json`:"); exactly one line may.
 */
export function docBlock(file: string, caption: string): string {
  const lines = readFileSync(path.join(repositoryRoot, file), "utf8").split("\n");
  const at = lines.flatMap((line, index) => (line.startsWith(caption) ? [index] : []));
  if (at.length !== 1) throw new Error(`${file} has ${at.length} lines starting ${JSON.stringify(caption)}, not one`);
  const open = lines.findIndex((line, index) => index > at[0]! && line.startsWith("```"));
  const close = lines.indexOf("```", open + 1);
  if (open < 0 || close < 0) throw new Error(`${file}: no code block after ${JSON.stringify(caption)}`);
  return lines.slice(open + 1, close).join("\n") + "\n";
}

/** A code block of README.md, as `docBlock` finds one. */
export function readmeBlock(caption: string): string {
  return docBlock("README.md", caption);
}
