import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { childEnv, type CommandResult, run, runOrThrow } from "../support/commands.js";
import { freePort } from "../support/http.js";
import { packedTarball } from "../support/packed-tarball.js";
import { productionProject } from "../support/production-project.js";

// `npx honest init` as a new user runs it (NOTES-init.md): the packed tarball
// installed with hono alone (support/production-project.ts, the production
// install install-size reads), its bin writing a project in each mode;
// then in the new project, honest's tarball installed in place of the
// registry's (`npm install <tarball>`, which installs every other
// dependency from the registry), `npm run build`, `npm test`, and `npm start`
// answering over a socket.

const SETUP_TIMEOUT = 600_000;
const ANSI_COLOR = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, "g");

let tempDir: string;
let tarball: string;

beforeAll(() => {
  tempDir = mkdtempSync(path.join(os.tmpdir(), "honest-init-project-"));
  tarball = packedTarball();
  productionProject(path.join(tempDir, "host"));
}, SETUP_TIMEOUT);

afterAll(() => {
  if (tempDir) rmSync(tempDir, { recursive: true, force: true });
});

describe.each([
  { mode: "tspc on TypeScript 6", args: [] as string[], folder: "app6" },
  { mode: "generator mode on TypeScript 7", args: ["--typescript7"], folder: "app7" },
])("npx honest init, $mode", ({ args, folder }) => {
  let init: CommandResult;
  let project: string;
  let build: CommandResult;
  let test: CommandResult;

  beforeAll(() => {
    init = run("npx", ["honest", "init", folder, ...args], path.join(tempDir, "host"));
    if (init.status !== 0) throw new Error(init.output);
    project = path.join(tempDir, "host", folder);
    runOrThrow("npm", ["install", "--no-audit", "--no-fund", "--prefer-offline", tarball], project);
    build = run("npm", ["run", "build"], project);
    test = run("npm", ["test"], project);
  }, SETUP_TIMEOUT);

  it("writes the project and prints the next commands", () => {
    expect(init.stdout).toContain(`\nNext:\n  cd ${folder}\n  npm install\n  npm run build\n  npm start`);
    const manifest = JSON.parse(readFileSync(path.join(project, "package.json"), "utf8"));
    expect(Object.keys(manifest.scripts)).toEqual(expect.arrayContaining(["build", "start", "dev", "test"]));
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
});

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
