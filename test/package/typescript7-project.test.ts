import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { childEnv, type CommandResult, run, runOrThrow } from "../support/commands.js";
import { freePort } from "../support/http.js";
import { startNode, stopNode, type NodeProcess } from "../support/node-process.js";
import { packedTarball } from "../support/packed-tarball.js";
import { docBlock, readmeBlock } from "../support/readme.js";
import { installUserProject, writeFiles } from "../support/user-project.js";

// docs/setup/typescript-7.md, "TypeScript 7: generator mode", as a new user on TypeScript 7
// follows it: the packed tarball installed into a project whose only compiler
// is typescript@7.0.2 (no ts-patch), with typescript7, the optional peer
// dependency `honest generate` needs, the page's package.json scripts,
// README's tsconfig.json (its `plugins` entry ignored by tsc 7) and src/main.ts with
// the one import of the generated module, and the README's controller.
// `npm run build` is `honest generate && tsc`; the app serves over a socket.

const SETUP_TIMEOUT = 300_000;

let tempDir: string | undefined;
let project: string;
let install: CommandResult;
let build: CommandResult;
let server: NodeProcess | undefined;
let baseUrl: string;

beforeAll(async () => {
  tempDir = mkdtempSync(path.join(os.tmpdir(), "honest-ts7-"));
  project = path.join(tempDir, "user-app");
  const tarball = packedTarball();
  install = installUserProject(project, "honest-ts7-user-app", {
    ...JSON.parse(docBlock("docs/setup/typescript-7.md", "TypeScript 7's `package.json`")),
    dependencies: { honest: `file:${tarball}`, hono: "4.13.19" },
    // typescript7 (TypeScript 7 under another name, so it never clashes with the project's typescript): the optional peer
    // dependency whose API `honest generate` runs, installed as honest's message says
    // (npm install --save-dev --save-exact typescript7@npm:typescript@7.0.2).
    devDependencies: { "@types/node": "20.19.43", typescript: "7.0.2", typescript7: "npm:typescript@7.0.2" },
  });
  writeFiles(project, {
    "tsconfig.json": readmeBlock("`tsconfig.json`:"),
    "src/main.ts": docBlock("docs/setup/typescript-7.md", "TypeScript 7's `src/main.ts`"),
    "src/hello.controller.ts": readmeBlock("`src/hello.controller.ts`, a controller"),
  });
  build = run("npm", ["run", "build"], project);
  if (build.status !== 0) throw new Error(`npm run build failed with exit code ${build.status}\n${build.output}`);
  const port = await freePort();
  baseUrl = `http://127.0.0.1:${port}`;
  server = startNode("dist/main.js", { cwd: project, env: childEnv({ PORT: String(port) }) });
  await server.listening();
}, SETUP_TIMEOUT);

afterAll(async () => {
  await stopNode(server);
  if (tempDir) rmSync(tempDir, { recursive: true, force: true });
});

describe("a project whose only compiler is TypeScript 7", () => {
  it("installs the packed tarball without a peer dependency warning, and its tsc is TypeScript 7", () => {
    expect(install.output).not.toMatch(/ERESOLVE|peer dep|invalid/i);
    expect(runOrThrow("npx", ["tsc", "-v"], project).stdout).toBe("Version 7.0.2\n");
    const ls = run("npm", ["ls", "--all"], project);
    expect(ls.status, ls.output).toBe(0);
  });

  it("builds with honest generate then tsc 7, honest's module beside main.ts", () => {
    expect(build.output).toContain("> honest generate && tsc");
    expect(build.output).toMatch(/honest: wrote src\/honest\.generated\.ts \(1 route\) in \d+ ms/);
    expect(build.output).not.toMatch(/error TS\d+|nothing imports/);
  });

  it("prints the route table, then listens", () => {
    expect(server!.stdout()).toMatch(
      /^Route mappings:\n {2}GET +\/hello\/\{id\} +→ HelloController\n {2}GET +\/livez +→ Liveness probe\n {2}GET +\/readyz +→ Readiness probe\nhonest: listening on http:\/\/localhost:\d+\n$/,
    );
  });

  it("answers as the transformer's build does: an i64 above 2^53 exactly, a 400 problem document, a 405 with Allow", async () => {
    const response = await fetch(`${baseUrl}/hello/9007199254740993`);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('{"id":9007199254740993,"greeting":"hello, 9007199254740993"}');
    const bad = await fetch(`${baseUrl}/hello/abc`);
    expect(bad.status).toBe(400);
    expect(bad.headers.get("content-type")).toBe("application/problem+json");
    const other = await fetch(`${baseUrl}/hello/1`, { method: "DELETE" });
    expect(other.status).toBe(405);
    expect(other.headers.get("allow")).toBe("GET, HEAD");
  });

  it("honest check passes, through the package's bin", () => {
    const check = run("npx", ["honest", "check"], project);
    expect(check.status, check.output).toBe(0);
    expect(check.stdout).toBe("honest: no errors (1 route).\n");
  });
});
