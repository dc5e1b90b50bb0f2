import { createHash } from "node:crypto";
import { cpSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { type CommandResult, runOrThrow } from "./commands.js";
import { oncePerRun, runFolder } from "./once-per-run.js";

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

/**
 * The project installUserProject makes, installed once per test run for every
 * test file that asks for the same name and package.json, and copied to `dir`
 * (package.json, package-lock.json and node_modules, links kept as npm made
 * them), so that each file writes its sources into a project of its own.
 * Resolves with that install's output.
 */
export function sharedUserProject(dir: string, name: string, packageJson: UserPackageJson): CommandResult {
  const runDir = runFolder();
  if (!runDir) return installUserProject(dir, name, packageJson);
  const key = createHash("sha256")
    .update(JSON.stringify([name, packageJson]))
    .digest("hex")
    .slice(0, 16);
  const installed = path.join(runDir, "projects", key);
  const result = oncePerRun(runDir, `project-${key}`, () => JSON.stringify(installUserProject(installed, name, packageJson)));
  cpSync(installed, dir, { recursive: true, verbatimSymlinks: true });
  return JSON.parse(result) as CommandResult;
}

/** Writes files (path relative to `dir` → text) into the project. */
export function writeFiles(dir: string, files: Record<string, string>): void {
  for (const [relative, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, relative)), { recursive: true });
    writeFileSync(path.join(dir, relative), text);
  }
}
