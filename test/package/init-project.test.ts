import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { childEnv, type CommandResult, run, runOrThrow } from "../support/commands.js";
import { freePort } from "../support/http.js";
import { packedTarball } from "../support/packed-tarball.js";

// `honest init` as a new user runs it before honest is on the registry
// (docs/setup/new-project.md, "Running init from a tarball"): `npx
// --package=<tarball> honest init` from an empty folder, in each mode, which
// writes a dependency on that tarball; then in the new project what init
// prints: a bare `npm install` (honest from the tarball, every other
// dependency from the registry), `npm run build`, `npm test`, and `npm
// start` answering over a socket; and `npm test` refusing a type error in a
// test before Vitest runs it. Then `honest init --database` (docs/setup/new-project.md,
// "A project with a database"): its packages install beside the tarball, its
// tests pass on PGlite, and `npm start` migrates and serves the items table.

const SETUP_TIMEOUT = 600_000;
const ANSI_COLOR = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, "g");

let tempDir: string;
let tarball: string;

beforeAll(() => {
  tempDir = mkdtempSync(path.join(os.tmpdir(), "honest-init-project-"));
  tarball = packedTarball();
}, SETUP_TIMEOUT);

afterAll(() => {
  if (tempDir) rmSync(tempDir, { recursive: true, force: true });
  if (tarball) removeNpxInstall(tarball);
});

describe.each([
  { mode: "tspc on TypeScript 6", args: [] as string[], folder: "app6" },
  { mode: "generator mode on TypeScript 7", args: ["--typescript7"], folder: "app7" },
])("npx --package=honest-<version>.tgz honest init, $mode", ({ args, folder }) => {
  let init: CommandResult;
  let project: string;
  let install: CommandResult;
  let build: CommandResult;
  let test: CommandResult;

  beforeAll(() => {
    // --yes: what a user answers npx's "Ok to proceed?", asked on a terminal; without one npx cancels.
    init = run("npx", ["--yes", "--prefer-offline", `--package=${tarball}`, "honest", "init", folder, ...args], tempDir);
    if (init.status !== 0) throw new Error(init.output);
    project = path.join(tempDir, folder);
    install = run("npm", ["install", "--no-audit", "--no-fund", "--prefer-offline"], project);
    build = run("npm", ["run", "build"], project);
    test = run("npm", ["test"], project);
  }, SETUP_TIMEOUT);

  it("depends on the tarball it ran from, says so, and prints the next commands", () => {
    const manifest = JSON.parse(readFileSync(path.join(project, "package.json"), "utf8"));
    expect(manifest.dependencies.honest).toBe(`file:${tarball}`);
    expect(init.stdout).toContain(
      `\nhonest: its package.json installs honest from file:${tarball}, where this honest was installed from\n`,
    );
    expect(init.stdout).toContain(`\nNext:\n  cd ${folder}\n  npm install\n  npm run build\n  npm start`);
  });

  it("installs with the npm install it prints", () => {
    expect(install.status, install.output).toBe(0);
    const { resolved } = JSON.parse(readFileSync(path.join(project, "package-lock.json"), "utf8")).packages["node_modules/honest"];
    expect(resolved).toMatch(/^file:/);
    expect(path.resolve(project, resolved.slice("file:".length))).toBe(tarball);
    expect(existsSync(path.join(project, "node_modules/honest/dist/esm/runtime/index.js"))).toBe(true);
  });

  it("builds without an error", () => {
    expect(build.status, build.output).toBe(0);
    expect(build.output).not.toMatch(/error TS\d+|nothing imports/);
  });

  it("passes its tests", () => {
    expect(test.status, test.output).toBe(0);
    expect(test.output.replace(ANSI_COLOR, "")).toMatch(/Tests +2 passed \(2\)/);
  });

  it("npm start serves the controller over a socket", async () => {
    const port = await freePort();
    const server = spawn("npm", ["start"], { cwd: project, env: childEnv({ PORT: String(port) }), detached: true, stdio: "pipe" });
    let output = "";
    server.stdout!.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
    server.stderr!.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
    try {
      await listening(server, () => output);
      const response = await fetch(`http://127.0.0.1:${port}/hello/9007199254740993`);
      expect(response.status).toBe(200);
      expect(await response.text()).toBe('{"id":9007199254740993,"greeting":"hello, 9007199254740993"}');
      expect(output).toMatch(/Route mappings:\n {2}GET +\/hello\/\{id\} +→ HelloController\n/);
    } finally {
      // npm, its shell and node are one process group.
      process.kill(-server.pid!, "SIGTERM");
    }
  });

  it("npm test fails on a type error in a test, naming its file, line and column, before Vitest runs", () => {
    const file = path.join(project, "test/hello.test.ts");
    const original = readFileSync(file, "utf8");
    const lines = original.split("\n");
    const line = lines.findIndex((text) => text.includes("expect(response.status).toBe(200);"));
    lines.splice(line, 0, "  const status: string = response.status;");
    writeFileSync(file, lines.join("\n"));
    try {
      const failed = run("npm", ["test"], project);
      expect(failed.status, failed.output).not.toBe(0);
      expect(failed.output).toContain(`test/hello.test.ts(${line + 1},9): error TS2322: Type 'number' is not assignable to type 'string'.`);
      expect(failed.output.replace(ANSI_COLOR, "")).not.toMatch(/Tests +\d+ passed/);
    } finally {
      writeFileSync(file, original);
    }
  });
});

describe("npx --package=honest-<version>.tgz honest init --database", () => {
  let project: string;
  let install: CommandResult;
  let build: CommandResult;
  let test: CommandResult;

  beforeAll(() => {
    const init = run("npx", ["--yes", "--prefer-offline", `--package=${tarball}`, "honest", "init", "stored", "--database"], tempDir);
    if (init.status !== 0) throw new Error(init.output);
    project = path.join(tempDir, "stored");
    install = run("npm", ["install", "--no-audit", "--no-fund", "--prefer-offline"], project);
    build = run("npm", ["run", "build"], project);
    test = run("npm", ["test"], project);
  }, SETUP_TIMEOUT);

  it("installs Kysely, PGlite and pg beside honest from the tarball, and builds", () => {
    expect(install.status, install.output).toBe(0);
    const lock = JSON.parse(readFileSync(path.join(project, "package-lock.json"), "utf8")).packages;
    expect(lock["node_modules/honest"].resolved).toMatch(/^file:/);
    // The minor versions honest is tested with (kysely 0.29 would need Node 22).
    expect(lock["node_modules/kysely"].version).toMatch(/^0\.28\./);
    for (const name of ["@electric-sql/pglite", "kysely-pglite-dialect", "pg", "@types/pg"])
      expect(lock[`node_modules/${name}`], name).toBeDefined();
    expect(build.status, build.output).toBe(0);
    expect(build.output).not.toMatch(/error TS\d+|nothing imports/);
  });

  it("npm test type-checks its tests and passes them on PGlite: a create, a read, a 409", () => {
    expect(test.status, test.output).toBe(0);
    const output = test.output.replace(ANSI_COLOR, "");
    expect(output).toContain("> tsc -p test && vitest run");
    expect(output).toMatch(/✓ test\/items\.test\.ts \(2 tests\)/);
    expect(output).toMatch(/Tests +4 passed \(4\)/);
  });

  it("npm start migrates PGlite, then serves: a 201, the item read back, a 409 for its name again", async () => {
    const port = await freePort();
    const server = spawn("npm", ["start"], { cwd: project, env: childEnv({ PORT: String(port) }), detached: true, stdio: "pipe" });
    let output = "";
    server.stdout!.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
    server.stderr!.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
    try {
      await listening(server, () => output);
      const create = () =>
        fetch(`http://127.0.0.1:${port}/items`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: '{"name":"kettle"}',
        });
      const created = await create();
      expect(created.status).toBe(201);
      expect(await created.json()).toEqual({ id: 1, name: "kettle" });
      const read = await fetch(`http://127.0.0.1:${port}/items/1`);
      expect(await read.json()).toEqual({ id: 1, name: "kettle" });
      const again = await create();
      expect(again.status).toBe(409);
      expect(await again.json()).toMatchObject({ status: 409, detail: 'an item named "kettle" exists' });
    } finally {
      process.kill(-server.pid!, "SIGTERM");
    }
  });
});

/** Removes what npx installed for `--package=<tarball>` from npm's cache (`<cache>/_npx/<hash>`): this run's tarball is never asked for again. */
function removeNpxInstall(tarball: string): void {
  const npxCache = path.join(runOrThrow("npm", ["config", "get", "cache"], os.tmpdir()).stdout.trim(), "_npx");
  if (!existsSync(npxCache)) return;
  for (const hash of readdirSync(npxCache)) {
    const manifest = path.join(npxCache, hash, "package.json");
    if (existsSync(manifest) && JSON.parse(readFileSync(manifest, "utf8"))._npx?.packages?.includes(tarball)) {
      rmSync(path.join(npxCache, hash), { recursive: true, force: true });
    }
  }
}

function listening(child: ChildProcess, output: () => string): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`npm start did not listen in time\n${output()}`)), 60_000);
    const check = () => {
      if (/honest: listening on /.test(output())) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on("data", check);
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`npm start exited with ${code} before listening\n${output()}`));
    });
  });
}
