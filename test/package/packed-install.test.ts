import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { childEnv, type CommandResult, run, runOrThrow } from "../support/commands.js";
import { freePort } from "../support/http.js";
import { startNode, stopNode, type NodeProcess } from "../support/node-process.js";
import { packedTarball } from "../support/packed-tarball.js";
import { docBlock, readmeBlock } from "../support/readme.js";
import { installUserProject, writeFiles } from "../support/user-project.js";

// README, "Adding honest to a project", as a new user on TypeScript 5.9
// follows it: the packed tarball installed beside the project's own hono
// (4.13.18, a patch behind the 4.13.19 honest is built and tested with) and
// @hono/node-server (2.1.9, ahead of honest's locked 2.1.8); the
// package.json fields for plain `tsc` of docs/setup/other-set-ups.md's "Other set-ups" (ts-patch's persistent
// mode, from the project's `prepare` script), README's tsconfig.json, src/main.ts and
// src/hello.controller.ts, as they are shown; and a module that hands the
// project's own Hono middleware to honest's app. Installing runs nothing of
// honest's, leaves one copy of each Hono package, and the app builds and serves.

const SETUP_TIMEOUT = 300_000;
const USER_HONO = "4.13.18";
const USER_NODE_SERVER = "2.1.9";

/** Not in the README: what the issue that made hono a peer hit, `Property '[GET_MATCH_RESULT]' is missing`. */
const USER_MIDDLEWARE = `import { Hono } from "hono";
import { logger } from "hono/logger";
import { createApp } from "honest";

/** The project's own middleware before every route, and the app mounted in an outer Hono app: both type-check against honest's app. */
export function loggedApp(): Hono {
  return new Hono().route("/", createApp({ use: [logger()] }));
}
`;

let tempDir: string | undefined;
let project: string;
let install: CommandResult;
let build: CommandResult;
let server: NodeProcess | undefined;
let baseUrl: string;

beforeAll(async () => {
  tempDir = mkdtempSync(path.join(os.tmpdir(), "honest-install-"));
  project = path.join(tempDir, "user-app");
  const tarball = packedTarball();

  install = installUserProject(project, "honest-install-user-app", {
    ...JSON.parse(docBlock("docs/setup/other-set-ups.md", "**Plain `tsc` (ts-patch's persistent mode).**")),
    dependencies: { honest: `file:${tarball}`, hono: USER_HONO, "@hono/node-server": USER_NODE_SERVER },
    devDependencies: { "@types/node": "20.19.43", "ts-patch": "3.3.0", typescript: "5.9.3" },
  });
  writeFiles(project, {
    "tsconfig.json": readmeBlock("`tsconfig.json`:"),
    "src/main.ts": readmeBlock("`src/main.ts`, the entry point:"),
    "src/hello.controller.ts": readmeBlock("`src/hello.controller.ts`, a controller"),
    "src/logged-app.ts": USER_MIDDLEWARE,
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

interface QueriedPackage {
  readonly name: string;
  readonly version: string;
  readonly location: string;
}

/** `npm query` in the project: the installed packages that match `selector`. */
function query(selector: string): QueriedPackage[] {
  const nodes = JSON.parse(runOrThrow("npm", ["query", selector], project).stdout) as QueriedPackage[];
  return nodes.map(({ name, version, location }) => ({ name, version, location }));
}

describe("installing the packed tarball beside the project's own hono and @hono/node-server", () => {
  it("runs no script of honest's, and npm warns of none", () => {
    expect(install.output).not.toContain("honest@");
    expect(install.output).not.toMatch(/install-scripts/);
    const installed = JSON.parse(readFileSync(path.join(project, "node_modules/honest/package.json"), "utf8"));
    const lifecycle = Object.keys(installed.scripts ?? {}).filter((name) => /^(preinstall|install|postinstall|prepare)$/.test(name));
    expect(lifecycle).toEqual([]);
    // Nor of its dependencies': nothing in the tree runs at install. (A registry
    // package's `prepare`, as lossless-json has, never runs and is not warned of.)
    expect(query(":attr(scripts, [preinstall]), :attr(scripts, [install]), :attr(scripts, [postinstall])")).toEqual([]);
  });

  it("leaves one copy of hono and one of @hono/node-server, the project's own", () => {
    expect(query("#hono")).toEqual([{ name: "hono", version: USER_HONO, location: "node_modules/hono" }]);
    expect(query('[name="@hono/node-server"]')).toEqual([
      { name: "@hono/node-server", version: USER_NODE_SERVER, location: "node_modules/@hono/node-server" },
    ]);
    const ls = run("npm", ["ls", "--all"], project);
    expect(ls.status, ls.output).toBe(0);
  });
});

describe("the README's project on TypeScript 5.9, built with plain tsc patched by its prepare script", () => {
  it("builds, the project's Hono middleware type-checking in createApp({ use }) and an outer Hono app", () => {
    expect(build.output).toContain("> tsc");
    expect(build.output).not.toMatch(/error TS\d+/);
  });

  it("prints the route table of the controller nothing imports, then listens", () => {
    expect(server!.stdout()).toMatch(
      /^Route mappings:\n {2}GET +\/hello\/\{id\} +→ HelloController\n {2}GET +\/livez +→ Liveness probe\n {2}GET +\/readyz +→ Readiness probe\nhonest: listening on http:\/\/localhost:\d+\n$/,
    );
  });

  it("answers GET /hello/{id} with an i64 above 2^53 exactly, as the README says", async () => {
    const response = await fetch(`${baseUrl}/hello/9007199254740993`);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('{"id":9007199254740993,"greeting":"hello, 9007199254740993"}');
  });

  it("answers a malformed id with a 400 problem document, and another method with a 405 and Allow", async () => {
    const bad = await fetch(`${baseUrl}/hello/abc`);
    expect(bad.status).toBe(400);
    expect(bad.headers.get("content-type")).toBe("application/problem+json");
    expect(((await bad.json()) as { detail: string }).detail).toContain('"id"');

    const other = await fetch(`${baseUrl}/hello/1`, { method: "DELETE" });
    expect(other.status).toBe(405);
    expect(other.headers.get("allow")).toBe("GET, HEAD");
  });
});
