import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

// Bun and Elysia are not the repository's dependencies, so `npm ci` at the
// root does not download them: they are pinned in bench/bun/package.json and
// its lock file, and installed here with `npm ci` the first time the bench
// runs (as test/runtimes installs the runtime matrix's), reused after.

const DIR = fileURLToPath(new URL(".", import.meta.url));
const PINNED = JSON.parse(readFileSync(new URL("./package.json", import.meta.url), "utf8")).devDependencies;

/** The bun binary npm links (the bun package's postinstall puts the platform's binary there). */
export const BUN = fileURLToPath(new URL("./node_modules/.bin/bun", import.meta.url));

function bunVersion() {
  try {
    return execFileSync(BUN, ["--version"], { encoding: "utf8" }).trim();
  } catch {
    return undefined;
  }
}

function installed() {
  const versionOf = (name) => {
    const manifest = new URL(`./node_modules/${name}/package.json`, import.meta.url);
    return existsSync(manifest) ? JSON.parse(readFileSync(manifest, "utf8")).version : undefined;
  };
  return (
    existsSync(new URL("./node_modules/.package-lock.json", import.meta.url)) &&
    Object.entries(PINNED).every(([name, version]) => versionOf(name) === version)
  );
}

/** Installs the pinned packages unless they are there; returns Bun's version. */
export function installBench(progress) {
  if (!installed()) {
    progress(`npm ci in ${DIR} (Bun ${PINNED.bun}, Elysia ${PINNED.elysia})`);
    execFileSync("npm", ["ci", "--no-audit", "--no-fund"], { cwd: DIR, stdio: ["ignore", process.stderr, process.stderr] });
  }
  const version = bunVersion();
  if (version !== PINNED.bun)
    throw new Error(`${BUN} --version says ${version ?? "nothing"}, expected ${PINNED.bun}: did bun's postinstall run?`);
  return version;
}
