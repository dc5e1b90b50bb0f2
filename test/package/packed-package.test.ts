import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { childEnv, type CommandResult, run } from "../support/commands.js";
import { exampleUserProject } from "../support/example-user-project.js";
import { EXAMPLE_ROUTE_TABLE } from "../support/example-route-table.js";
import { freePort } from "../support/http.js";
import { startNode, stopNode, type NodeProcess } from "../support/node-process.js";
import { openSocket } from "../support/socket-client.js";
import { repositoryRoot } from "../support/working-tree.js";

// README, "Adding honest to a project": a project that depends on honest
// through a packed tarball works the same way. The project holding the
// example's sources (support/example-user-project.ts: the tarball `npm pack`
// makes installed beside the project's own hono 4.12.23, the lowest of
// honest's peer range, with README's tsconfig.json and package.json fields
// as they are shown) builds with `npm run build` (tspc and the plugin entry
// { "transform": "honest/transformer" }), starts `node dist/main.js`, and is
// talked to over real HTTP.

const SETUP_TIMEOUT = 300_000;
const APP_NAME = "packed honest app";

let tempDir: string | undefined;
let project: string;
let buildResult: CommandResult;
let port: number;
let server: NodeProcess | undefined;
let baseUrl: string;

beforeAll(async () => {
  tempDir = mkdtempSync(path.join(os.tmpdir(), "honest-packed-"));
  project = path.join(tempDir, "user-app");
  exampleUserProject(project);

  buildResult = run("npm", ["run", "build"], project);
  if (buildResult.status !== 0) throw new Error(`npm run build failed with exit code ${buildResult.status}\n${buildResult.output}`);

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
  it("builds the src/ layout with the README's tsconfig.json and `npm run build` (the project's own tspc)", () => {
    expect(buildResult.status, buildResult.output).toBe(0);
    expect(buildResult.output).not.toMatch(/error TS\d+/);
  });

  it("prints the example's route table, then listens, in pino's JSON lines (docs/guide/logs-and-traces.md, \"Logs\")", () => {
    const stdout = server!.stdout();
    expect(stdout.slice(0, EXAMPLE_ROUTE_TABLE.length + 1)).toBe(`${EXAMPLE_ROUTE_TABLE}\n`);
    const listening = JSON.parse(stdout.slice(EXAMPLE_ROUTE_TABLE.length + 1).split("\n")[0]!) as unknown;
    expect(listening).toMatchObject({ level: 30, port, msg: `listening on http://localhost:${port}` });
  });

  it("serves the example's chat over a WebSocket, with the project's ws (docs/guide/websockets.md)", async () => {
    const ada = await openSocket(`ws://127.0.0.1:${port}/chat`, { authorization: "Bearer ada-token" });
    ada.send('{"text":"from the tarball"}');
    expect(JSON.parse(await ada.next())).toMatchObject({ from: "ada", text: "from the tarball" });
    ada.ws.close();
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
      { id: 1, title: "write the controllers", done: true, created: "2026-01-05T09:00:00.000Z", due: null },
      { id: 2, title: "build with tspc", done: false, created: "2026-01-05T09:30:00.000Z", due: "2026-01-09T17:00:00.000Z" },
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
    expect(server!.stdout()).toContain('"msg":"SIGTERM received, finishing in-flight requests"}');
    expect(server!.stdout()).toMatch(/"msg":"stopped"\}\n$/);
    expect(server!.stderr()).toBe("");
  });
});

// docs/guide/openapi-and-clients.md, "Serving the document and the documentation page": the page's
// files come from the project's swagger-ui-dist (an optional peer dependency
// of honest's, which install-size.test.ts checks is not installed with
// honest), found by the installed copy of honest from its ES module build and
// from its CommonJS build alike. (The transformer does not write the document
// yet, so the scripts call what a compiled createApp({ openapi }) calls.)
const DOCS_CHECK = `const app = createDiscoveredApp([], { log: false, openapi: { docs: "/docs" } }, { openapi: '{"openapi":"3.1.0"}' });
const answers = {};
for (const path of ["/openapi.json", "/docs", "/docs/swagger-ui-bundle.js", "/docs/swagger-ui.css", "/docs/favicon-16x16.png"]) {
  const response = await app.request(path);
  answers[path] = { status: response.status, bytes: (await response.arrayBuffer()).byteLength };
}
console.log(JSON.stringify(answers));`;

/** swagger-ui-dist as honest's devDependencies pin it, in this repository: the version the project installs. */
const swaggerUiDist = path.join(repositoryRoot, "node_modules/swagger-ui-dist");

describe("the documentation page from the installed copy, with the project's swagger-ui-dist", () => {
  const expected = () => {
    const bytes = (file: string) => readFileSync(path.join(swaggerUiDist, file)).byteLength;
    return {
      "/openapi.json": { status: 200, bytes: 19 },
      "/docs": { status: 200, bytes: expect.any(Number) },
      "/docs/swagger-ui-bundle.js": { status: 200, bytes: bytes("swagger-ui-bundle.js") },
      "/docs/swagger-ui.css": { status: 200, bytes: bytes("swagger-ui.css") },
      "/docs/favicon-16x16.png": { status: 200, bytes: bytes("favicon-16x16.png") },
    };
  };

  it("serves its files through honest's ES module build", () => {
    writeFileSync(path.join(project, "docs-check.mjs"), `import { createDiscoveredApp } from "honest/internal";\n${DOCS_CHECK}\n`);
    const result = run("node", ["docs-check.mjs"], project);
    expect(result.status, result.output).toBe(0);
    expect(JSON.parse(result.output.split("\n")[1]!)).toEqual(expected());
  });

  it("serves its files through honest's CommonJS build", () => {
    const script = `const { createDiscoveredApp } = require("honest/internal");\n(async () => {\n${DOCS_CHECK}\n})();\n`;
    writeFileSync(path.join(project, "docs-check.cjs"), script);
    const result = run("node", ["docs-check.cjs"], project);
    expect(result.status, result.output).toBe(0);
    expect(JSON.parse(result.output.split("\n")[1]!)).toEqual(expected());
  });
});
