import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import ts from "typescript";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exampleDir } from "../support/example.js";
import { EXAMPLE_ROUTE_TABLE } from "../support/example-route-table.js";
import { freePort } from "../support/http.js";
import { startNode, stopNode, type NodeProcess } from "../support/node-process.js";

// README, "Adding honest to a project": a project that depends on honest
// through a packed tarball works the same way. This packs the package with `npm pack` (which runs the
// `prepare` build), installs the tarball into a fresh user project under the
// system temp directory next to its own typescript and ts-patch, builds the
// example's sources (example/src, copied as they are) with the project's own
// tspc and the plugin entry { "transform": "honest/transformer" }, starts
// `node dist/main.js` and talks to it over real HTTP.
//
// `npm pack` runs in a copy of the working tree (without dist/ and
// node_modules/, which is linked), so that its `prepare` build does not
// rewrite this repository's dist/ while other test files load from it.

const root = path.resolve(import.meta.dirname, "../..");
const SETUP_TIMEOUT = 240_000;
const COMMAND_TIMEOUT = 180_000;
const APP_NAME = "packed honest app";

/** The example's tsconfig.json as a user writes it: the same options, the plugin by its package name. */
function userTsconfig(): string {
  const { config, error } = ts.readConfigFile(path.join(exampleDir, "tsconfig.json"), ts.sys.readFile);
  if (error) throw new Error(ts.flattenDiagnosticMessageText(error.messageText, "\n"));
  const compilerOptions = { ...config.compilerOptions, plugins: [{ transform: "honest/transformer" }] };
  return JSON.stringify({ ...config, compilerOptions }, null, 2) + "\n";
}

let tempDir: string | undefined;
let project: string;
let buildResult: CommandResult;
let port: number;
let server: NodeProcess | undefined;
let baseUrl: string;

interface CommandResult {
  readonly status: number | null;
  readonly output: string;
}

/** The environment for child npm/node processes, without what an enclosing `npm test` or `npx` says about this repository. */
function childEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (/^(npm_package_|npm_lifecycle_|npm_command$|npm_config_local_prefix$|npm_config_call$|init_cwd$)/i.test(key)) continue;
    env[key] = value;
  }
  return { ...env, ...extra };
}

function run(command: string, args: readonly string[], cwd: string): CommandResult {
  const result = spawnSync(command, args, {
    cwd,
    env: childEnv(),
    encoding: "utf8",
    timeout: COMMAND_TIMEOUT,
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.error) throw result.error;
  const output = `$ ${command} ${args.join(" ")}\n${result.stdout}${result.stderr}`;
  return { status: result.status, output };
}

function runOrThrow(command: string, args: readonly string[], cwd: string): void {
  const result = run(command, args, cwd);
  if (result.status !== 0) throw new Error(`exit code ${result.status}\n${result.output}`);
}

/** What the copy of the working tree leaves out: what a build or install makes, and git's data. */
function isBuildOutput(relative: string): boolean {
  const parts = relative.split(path.sep);
  return (
    ["node_modules", "dist", ".git"].includes(parts[0]!) ||
    parts.includes("node_modules") ||
    relative === path.join("example", "dist") ||
    relative === path.join("test", ".out") ||
    relative.endsWith(".tgz")
  );
}

beforeAll(async () => {
  tempDir = mkdtempSync(path.join(os.tmpdir(), "honest-packed-"));
  const staging = path.join(tempDir, "honest");
  const packDir = path.join(tempDir, "pack");
  project = path.join(tempDir, "user-app");
  mkdirSync(packDir);
  mkdirSync(project);

  cpSync(root, staging, { recursive: true, filter: (source) => !isBuildOutput(path.relative(root, source)) });
  symlinkSync(path.join(root, "node_modules"), path.join(staging, "node_modules"), "dir");
  // `npm pack` runs the `prepare` script (npm run build) before packing.
  runOrThrow("npm", ["pack", "--pack-destination", packDir], staging);
  const tarballs = readdirSync(packDir).filter((file) => file.endsWith(".tgz"));
  expect(tarballs).toEqual([expect.stringMatching(/^honest-\d+\.\d+\.\d+.*\.tgz$/)]);

  writeFileSync(
    path.join(project, "package.json"),
    JSON.stringify(
      {
        name: "honest-packed-user-app",
        version: "1.0.0",
        private: true,
        type: "module",
        dependencies: { honest: `file:${path.join(packDir, tarballs[0]!)}`, hono: "4.13.19" },
        devDependencies: { "@types/node": "20.19.43", "ts-patch": "3.3.0", typescript: "6.0.3" },
      },
      null,
      2,
    ) + "\n",
  );
  runOrThrow("npm", ["install", "--no-audit", "--no-fund", "--prefer-offline"], project);

  writeFileSync(path.join(project, "tsconfig.json"), userTsconfig());
  cpSync(path.join(exampleDir, "src"), path.join(project, "src"), { recursive: true });

  buildResult = run(path.join(project, "node_modules/.bin/tspc"), ["-p", "tsconfig.json"], project);
  if (buildResult.status !== 0) throw new Error(`tspc failed with exit code ${buildResult.status}\n${buildResult.output}`);

  port = await freePort();
  baseUrl = `http://127.0.0.1:${port}`;
  server = startNode("dist/main.js", { cwd: project, env: childEnv({ PORT: String(port), APP_NAME }) });
  await server.listening();
}, SETUP_TIMEOUT);

afterAll(async () => {
  await stopNode(server);
  if (tempDir) rmSync(tempDir, { recursive: true, force: true });
});

async function request(method: string, url: string, init: { json?: unknown; body?: string; contentType?: string } = {}) {
  const headers: Record<string, string> = {};
  let body: string | undefined = init.body;
  if (init.json !== undefined) {
    body = JSON.stringify(init.json);
    headers["content-type"] = "application/json";
  }
  if (init.contentType) headers["content-type"] = init.contentType;
  const response = await fetch(baseUrl + url, { method, headers, body });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

async function expectProblem(response: Awaited<ReturnType<typeof request>>, status: number) {
  expect(response.status, response.text).toBe(status);
  expect(response.headers.get("content-type")).toBe("application/problem+json");
  const problem = JSON.parse(response.text);
  expect(problem).toMatchObject({ status, title: expect.any(String), detail: expect.any(String) });
  return problem as { detail: string; [key: string]: unknown };
}

describe("a user project that installs honest from npm pack's tarball", () => {
  it("builds with the project's own tspc and the honest/transformer plugin", () => {
    expect(buildResult.status, buildResult.output).toBe(0);
  });

  it("prints the example's route table, then listens", () => {
    expect(server!.stdout()).toBe(`${EXAMPLE_ROUTE_TABLE}\nhonest: listening on http://localhost:${port}\n`);
  });

  it("GET / welcomes with the name AppConfig read from APP_NAME", async () => {
    const response = await request("GET", "/");
    expect(response.status).toBe(200);
    expect(JSON.parse(response.text)).toEqual({ name: APP_NAME, version: "1.0.0", routes: "see the route table printed at startup" });
  });

  it("GET /items lists the seeded items, i64 ids as JSON integers", async () => {
    const response = await request("GET", "/items");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    expect(response.text).toBe(
      '[{"id":1,"name":"keyboard","price":49.5,"tags":["input","usb"],"inStock":true},' +
        '{"id":2,"name":"mouse","price":19.99,"tags":["input"],"inStock":true},' +
        '{"id":3,"name":"monitor","price":189,"tags":["display"],"inStock":false}]',
    );
  });

  it("GET /items/{id} parses the i64 exactly: answers 200, or names an id above 2^53 unrounded", async () => {
    const response = await request("GET", "/items/1");
    expect(response.status).toBe(200);
    expect(response.text).toBe('{"id":1,"name":"keyboard","price":49.5,"tags":["input","usb"],"inStock":true}');

    // 2^53 + 1: a double would have made it 9007199254740992.
    const big = await expectProblem(await request("GET", "/items/9007199254740993"), 404);
    expect(big.detail).toBe("item 9007199254740993 not found");
    await expectProblem(await request("GET", "/items/9223372036854775807"), 404);
    const outOfRange = await expectProblem(await request("GET", "/items/9223372036854775808"), 400);
    expect(outOfRange.detail).toContain('"id"');
  });

  it("GET /items/abc is a 400 problem naming the parameter", async () => {
    const problem = await expectProblem(await request("GET", "/items/abc"), 400);
    expect(problem.detail).toContain('"id"');
  });

  it("GET /items/{id} of a missing item is the handler's HttpError 404", async () => {
    const problem = await expectProblem(await request("GET", "/items/77"), 404);
    expect(problem.detail).toBe("item 77 not found");
  });

  it("POST /items with a JSON body creates an item: 201, no body", async () => {
    const response = await request("POST", "/items", { json: { name: "cable", price: 5, tags: ["usb"] } });
    expect(response.status, response.text).toBe(201);
    expect(response.text).toBe("");
    expect(response.headers.get("location")).toBe("/items/4");

    const created = await request("GET", "/items/4");
    expect(created.status).toBe(200);
    expect(JSON.parse(created.text)).toEqual({ id: 4, name: "cable", price: 5, tags: ["usb"], inStock: true });
  });

  it("POST /items with another content type is 415", async () => {
    await expectProblem(await request("POST", "/items", { body: '{"name":"x","price":1}', contentType: "text/plain" }), 415);
  });

  it("POST /items with a body of the wrong shape is a 400 listing every fault", async () => {
    const problem = await expectProblem(await request("POST", "/items", { json: { name: 5, tags: ["a", 2] } }), 400);
    expect(problem.errors).toEqual([
      { path: "$.name", expected: "string", got: "5" },
      { path: "$.price", expected: "number", got: "missing" },
      { path: "$.tags[1]", expected: "string", got: "2" },
    ]);
  });

  it("POST /items with malformed JSON is 400", async () => {
    await expectProblem(await request("POST", "/items", { body: '{"name": "x", "price":', contentType: "application/json" }), 400);
  });

  it("PUT /items/{id} replaces the item", async () => {
    const response = await request("PUT", "/items/2", { json: { name: "trackball", price: 30, tags: ["input"], inStock: false } });
    expect(response.status, response.text).toBe(200);
    expect(response.text).toBe('{"id":2,"name":"trackball","price":30,"tags":["input"],"inStock":false}');
  });

  it("PATCH /items/{id} changes only the given fields", async () => {
    const response = await request("PATCH", "/items/2", { json: { price: 25 } });
    expect(response.status, response.text).toBe(200);
    expect(JSON.parse(response.text)).toEqual({ id: 2, name: "trackball", price: 25, tags: ["input"], inStock: false });
  });

  it("DELETE /items/{id} answers 204, and the item is gone", async () => {
    const response = await request("DELETE", "/items/2");
    expect(response.status, response.text).toBe(204);
    expect(response.text).toBe("");
    await expectProblem(await request("GET", "/items/2"), 404);
    await expectProblem(await request("DELETE", "/items/2"), 404);
  });

  it("GET /api/todos is served under the controller's prefix", async () => {
    const response = await request("GET", "/api/todos");
    expect(response.status).toBe(200);
    expect(JSON.parse(response.text)).toEqual([
      { id: 1, title: "write the controllers", done: true },
      { id: 2, title: "build with tspc", done: false },
    ]);
    await expectProblem(await request("GET", "/todos"), 404);
  });

  it("GET /users/{user_id}/posts/{post_id} gets both ids and both injected components", async () => {
    const response = await request("GET", "/users/1/posts/2");
    expect(response.status, response.text).toBe(200);
    expect(response.text).toBe(`{"id":2,"userId":1,"author":"ada","title":"post 2 of user 1","site":${JSON.stringify(APP_NAME)}}`);

    const problem = await expectProblem(await request("GET", "/users/1/posts/x"), 400);
    expect(problem.detail).toContain('"post_id"');
  });

  it("takes the example's other path parameters: a string, a union of literals, a boolean, [i64, number]", async () => {
    const tagged = await request("GET", "/items/tagged/usb");
    expect(tagged.status, tagged.text).toBe(200);
    expect(JSON.parse(tagged.text).map((item: { name: string }) => item.name)).toEqual(["keyboard", "cable"]);
    const sorted = await request("GET", "/items/sorted/desc");
    expect(JSON.parse(sorted.text).map((item: { price: number }) => item.price)).toEqual([189, 49.5, 5]);
    await expectProblem(await request("GET", "/items/sorted/up"), 400);
    const outOfStock = await request("GET", "/items/in-stock/false");
    expect(JSON.parse(outOfStock.text).map((item: { name: string }) => item.name)).toEqual(["monitor"]);
    await expectProblem(await request("GET", "/items/in-stock/yes"), 400);
    const quote = await request("GET", "/items/1/quote/2.5");
    expect(quote.text).toBe('{"item":1,"quantity":2.5,"total":123.75}');
  });

  it("an unknown path is a 404 problem", async () => {
    await expectProblem(await request("GET", "/nope"), 404);
  });

  it("a known path with another method is 405 with an Allow header", async () => {
    const response = await request("DELETE", "/items");
    await expectProblem(response, 405);
    const allow = response.headers.get("allow");
    expect(allow).not.toBeNull();
    expect(allow!.split(",").map((method) => method.trim())).toEqual(expect.arrayContaining(["GET", "POST"]));
    expect(allow).not.toContain("DELETE");
  });

  it("stops gracefully on SIGTERM with exit code 0", async () => {
    expect(server, "the server was not started").toBeDefined();
    server!.child.kill("SIGTERM");
    expect(await server!.exited, server!.stdout() + server!.stderr()).toEqual({ code: 0, signal: null });
    expect(server!.stdout()).toContain("honest: SIGTERM received");
    expect(server!.stderr()).toBe("");
  });
});

// README, "Serving the document and the documentation page": the installed
// copy finds swagger-ui-dist beside it, from its ES module build and from its
// CommonJS build alike. (The transformer does not write the document yet, so
// the scripts call what a compiled createApp({ openapi }) calls.)
const DOCS_CHECK = `const app = createDiscoveredApp([], { log: false, openapi: { docs: "/docs" } }, { openapi: '{"openapi":"3.1.0"}' });
const answers = {};
for (const path of ["/openapi.json", "/docs", "/docs/swagger-ui-bundle.js", "/docs/swagger-ui.css"]) {
  const response = await app.request(path);
  answers[path] = { status: response.status, bytes: (await response.arrayBuffer()).byteLength };
}
console.log(JSON.stringify(answers));`;

describe("the documentation page from the installed copy", () => {
  const expected = () => {
    const dist = path.join(project, "node_modules/swagger-ui-dist");
    const bytes = (file: string) => readFileSync(path.join(dist, file)).byteLength;
    return {
      "/openapi.json": { status: 200, bytes: 19 },
      "/docs": { status: 200, bytes: expect.any(Number) },
      "/docs/swagger-ui-bundle.js": { status: 200, bytes: bytes("swagger-ui-bundle.js") },
      "/docs/swagger-ui.css": { status: 200, bytes: bytes("swagger-ui.css") },
    };
  };

  it("serves swagger-ui-dist's files through honest's ES module build", () => {
    writeFileSync(path.join(project, "docs-check.mjs"), `import { createDiscoveredApp } from "honest/internal";\n${DOCS_CHECK}\n`);
    const result = run("node", ["docs-check.mjs"], project);
    expect(result.status, result.output).toBe(0);
    expect(JSON.parse(result.output.split("\n")[1]!)).toEqual(expected());
  });

  it("serves swagger-ui-dist's files through honest's CommonJS build", () => {
    const script = `const { createDiscoveredApp } = require("honest/internal");\n(async () => {\n${DOCS_CHECK}\n})();\n`;
    writeFileSync(path.join(project, "docs-check.cjs"), script);
    const result = run("node", ["docs-check.cjs"], project);
    expect(result.status, result.output).toBe(0);
    expect(JSON.parse(result.output.split("\n")[1]!)).toEqual(expected());
  });

  it("installs no package of honest's with an install script (swagger-ui-dist is pinned to a version without one)", () => {
    const lock = JSON.parse(readFileSync(path.join(project, "package-lock.json"), "utf8")) as {
      packages: Record<string, { dev?: boolean; hasInstallScript?: boolean }>;
    };
    const installed = Object.entries(lock.packages).filter(([name, entry]) => name !== "" && !entry.dev);
    expect(installed.map(([name]) => name)).toContain("node_modules/swagger-ui-dist");
    expect(installed.filter(([, entry]) => entry.hasInstallScript).map(([name]) => name)).toEqual([]);
  });
});
