import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { type CommandResult, runOrThrow } from "./commands.js";

// A user's own project, made as a user makes one: a package.json of its own,
// then `npm install`, whose output the tests read.

/** The project's package.json past its name and version: dependencies, and what else it sets (`scripts`, `type`). */
export interface UserPackageJson {
  readonly dependencies: Record<string, string>;
  readonly devDependencies: Record<string, string>;
  readonly [field: string]: unknown;
}

/** Writes `dir`/package.json (an ES module project) and runs `npm install` there. */
export function installUserProject(dir: string, name: string, packageJson: UserPackageJson): CommandResult {
  mkdirSync(dir, { recursive: true });
  const manifest = { name, version: "1.0.0", private: true, type: "module", ...packageJson };
  writeFileSync(path.join(dir, "package.json"), JSON.stringify(manifest, null, 2) + "\n");
  return runOrThrow("npm", ["install", "--no-audit", "--no-fund", "--prefer-offline"], dir);
}

/** Writes files (path relative to `dir` → text) into the project. */
export function writeFiles(dir: string, files: Record<string, string>): void {
  for (const [relative, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, relative)), { recursive: true });
    writeFileSync(path.join(dir, relative), text);
  }
}
