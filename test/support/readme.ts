import { readFileSync } from "node:fs";
import path from "node:path";
import { repositoryRoot } from "./working-tree.js";

// What README.md shows a user, read by the tests that do as it says, so that
// the README and what is tested cannot drift apart.

/**
 * The text of the first fenced code block after the README line that starts
 * with `caption` (such as "`tsconfig.json`:"); exactly one line may.
 */
export function readmeBlock(caption: string): string {
  const lines = readFileSync(path.join(repositoryRoot, "README.md"), "utf8").split("\n");
  const at = lines.flatMap((line, index) => (line.startsWith(caption) ? [index] : []));
  if (at.length !== 1) throw new Error(`README.md has ${at.length} lines starting ${JSON.stringify(caption)}, not one`);
  const open = lines.findIndex((line, index) => index > at[0]! && line.startsWith("```"));
  const close = lines.indexOf("```", open + 1);
  if (open < 0 || close < 0) throw new Error(`README.md: no code block after ${JSON.stringify(caption)}`);
  return lines.slice(open + 1, close).join("\n") + "\n";
}
