import fs from "node:fs";
import path from "node:path";

// The dependency on honest that `honest init` writes: the honest that is
// running, from wherever it was installed (docs/setup/new-project.md,
// "Running init from a tarball"), so that `npm install` in the new project
// installs it however it was got: `npx --package=honest-0.1.0.tgz honest
// init` while honest is not on the registry, a git install, the registry.
// npm records where each package it installs came from in the hidden
// lockfile of the tree it installs into (`node_modules/.package-lock.json`),
// npx's own cache (`~/.npm/_npx/<hash>`) included: a tarball or a folder
// as a `file:` path relative to that tree, a git install as its repository
// and commit, a registry install as the registry's tarball URL.

/** What `npm install` needs to install the honest in `packageFolder` again: a `file:`, git or tarball URL spec, or `^version` from the registry. */
export function honestDependency(packageFolder: string, version: string): string {
  const installed = installedFrom(packageFolder);
  if (installed === undefined) return `^${version}`;
  const { tree, resolved } = installed;
  // A relative path is relative to the tree npm installed into; written absolute, it holds wherever the new project is.
  if (resolved.startsWith("file:")) return `file:${path.resolve(tree, resolved.slice("file:".length)).split(path.sep).join("/")}`;
  if (/^git(\+[a-z]+)?:/.test(resolved)) return resolved;
  // A tarball URL other than a registry's (`<registry>/honest/-/honest-<version>.tgz`).
  if (/^https?:/.test(resolved) && !/\/-\/[^/]+\.tgz$/.test(resolved)) return resolved;
  return `^${version}`;
}

/** The `resolved` of honest's entry in the hidden lockfile of the tree it is installed in, if npm installed it there. */
function installedFrom(packageFolder: string): { readonly tree: string; readonly resolved: string } | undefined {
  // The tree's top node_modules holds the hidden lockfile, keyed by each package's path from the tree: node_modules/honest, node_modules/a/node_modules/honest.
  for (let dir = path.dirname(packageFolder); dir !== path.dirname(dir); dir = path.dirname(dir)) {
    if (path.basename(dir) !== "node_modules") continue;
    const lockfile = path.join(dir, ".package-lock.json");
    if (!fs.existsSync(lockfile)) continue;
    const tree = path.dirname(dir);
    const key = path.relative(tree, packageFolder).split(path.sep).join("/");
    const resolved = packageEntry(lockfile, key)?.resolved;
    return typeof resolved === "string" ? { tree, resolved } : undefined;
  }
  return undefined;
}

function packageEntry(lockfile: string, key: string): { readonly resolved?: unknown } | undefined {
  try {
    const lock = JSON.parse(fs.readFileSync(lockfile, "utf8")) as { packages?: Record<string, { resolved?: unknown }> };
    return lock.packages?.[key];
  } catch {
    return undefined;
  }
}
