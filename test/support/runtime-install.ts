import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { runOrThrow } from "./commands.js";
import { repositoryRoot } from "./working-tree.js";

// The runtimes of the matrix (Bun, Deno, workerd), from their npm packages
// at the versions pinned in test/runtimes/package.json and its lock file.
// They are not the repository's dependencies, so a contributor's
// `npm install` does not download them: the matrix installs them with
// `npm ci` in test/runtimes the first time, and reuses them after.

export const runtimesDir = path.join(repositoryRoot, "test/runtimes");

/** The pinned runtimes: package name → version. */
export function pinnedRuntimes(): Record<string, string> {
  return JSON.parse(readFileSync(path.join(runtimesDir, "package.json"), "utf8")).devDependencies;
}

/** The path of a runtime's command, as npm links it. */
export function runtimeCommand(name: string): string {
  return path.join(runtimesDir, "node_modules", ".bin", name);
}

function installedVersion(name: string): string | undefined {
  const manifest = path.join(runtimesDir, "node_modules", name, "package.json");
  return existsSync(manifest) ? JSON.parse(readFileSync(manifest, "utf8")).version : undefined;
}

/** Whether `npm ci` finished here for the pinned versions (npm writes node_modules/.package-lock.json last). */
function installed(): boolean {
  return (
    existsSync(path.join(runtimesDir, "node_modules", ".package-lock.json")) &&
    Object.entries(pinnedRuntimes()).every(([name, version]) => installedVersion(name) === version && existsSync(runtimeCommand(name)))
  );
}

/** Installs the pinned runtimes unless they are there already; says which it did. */
export function installRuntimes(): "installed" | "already installed" {
  if (installed()) return "already installed";
  // The packages' postinstall scripts put each platform's binary in place (Bun's is needed).
  runOrThrow("npm", ["ci", "--no-audit", "--no-fund"], runtimesDir, { timeout: 900_000 });
  if (!installed()) throw new Error(`npm ci in ${runtimesDir} finished, but the pinned runtimes are not all there`);
  return "installed";
}
