import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { build } from "esbuild";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exampleDir } from "../support/example.js";
import { freePort } from "../support/http.js";
import { installRuntimes, pinnedRuntimes, runtimeCommand, runtimesDir } from "../support/runtime-install.js";
import { type RuntimeServer, startRuntimeServer } from "../support/runtime-server.js";
import { repositoryRoot } from "../support/working-tree.js";

// docs/guide/deploying.md, "Deploying: Node, Bun, Deno, Cloudflare Workers": the example,
// compiled once by tspc (example/dist, as `npm test` builds it), served by
// Node with honest/node's serve (example/dist/main.js), by Bun.serve, by
// Deno.serve (small entries in test/runtimes/entries that import
// example/dist/app.js) and by workerd, the runtime of Cloudflare Workers,
// with no compatibility flags: the app bundled with esbuild for a platform
// without Node's modules, a module whose default export has `fetch`. Each
// answers the same requests over a real socket. Bun, Deno and workerd come
// from their npm packages, pinned in test/runtimes (installed by this file).

const APP_NAME = "honest on every runtime";
const pinned = pinnedRuntimes();

interface Runtime {
  readonly name: string;
  readonly version: string;
  /** It can read files, so the example serves its documentation page. */
  readonly files: boolean;
  start(port: number): Promise<RuntimeServer>;
}

let workerDir: string | undefined;

/** workerd serves one bundle: the worker entry and everything it imports, Node's modules refused. */
async function bundleWorker(into: string): Promise<void> {
  const result = await build({
    entryPoints: [path.join(runtimesDir, "entries/worker.mjs")],
    outfile: path.join(into, "worker.js"),
    bundle: true,
    format: "esm",
    platform: "browser",
    conditions: ["workerd", "worker", "browser"],
    external: ["cloudflare:workers"],
    logLevel: "silent",
  });
  expect(result.errors).toEqual([]);
}

/** The workerd config: one worker from the bundle, no compatibility flags, APP_NAME a text binding. */
function workerdConfig(port: number, compatibilityDate: string): string {
  return `using Workerd = import "/workerd/workerd.capnp";

const config :Workerd.Config = (
  services = [(name = "main", worker = .worker)],
  sockets = [(name = "http", address = "127.0.0.1:${port}", http = (), service = "main")],
);

const worker :Workerd.Worker = (
  modules = [(name = "worker.js", esModule = embed "worker.js")],
  compatibilityDate = "${compatibilityDate}",
  bindings = [(name = "APP_NAME", text = ${JSON.stringify(APP_NAME)})],
);
`;
}

/** A workerd release takes compatibility dates up to its own: 1.20261023.1 is 2026-10-23. */
function workerdDate(version: string): string {
  const match = /^1\.(\d{4})(\d{2})(\d{2})\./.exec(version);
  if (!match) throw new Error(`workerd ${version} is not 1.YYYYMMDD.N`);
  return `${match[1]}-${match[2]}-${match[3]}`;
}

const runtimes: Runtime[] = [
  {
    name: "Node",
    files: true,
    version: process.versions.node,
    start: (port) =>
      startRuntimeServer(process.execPath, [path.join(exampleDir, "dist/main.js")], {
        cwd: repositoryRoot,
        port,
        env: { PORT: String(port), APP_NAME },
      }),
  },
  {
    name: "Bun",
    files: true,
    version: pinned.bun!,
    start: (port) =>
      startRuntimeServer(runtimeCommand("bun"), [path.join(runtimesDir, "entries/bun.mjs")], {
        cwd: repositoryRoot,
        port,
        env: { PORT: String(port), APP_NAME },
      }),
  },
  {
    name: "Deno",
    files: true,
    version: pinned.deno!,
    start: (port) =>
      startRuntimeServer(
        runtimeCommand("deno"),
        [
          "run",
          "--no-lock",
          "--allow-net=127.0.0.1",
          "--allow-env",
          // The documentation page's files, from swagger-ui-dist (docs/guide/openapi-and-clients.md, "Serving the document and the documentation page").
          `--allow-read=${path.join(repositoryRoot, "node_modules/swagger-ui-dist")}`,
          path.join(runtimesDir, "entries/deno.mjs"),
        ],
        { cwd: repositoryRoot, port, env: { PORT: String(port), APP_NAME, NO_COLOR: "1" } },
      ),
  },
  {
    name: "workerd",
    version: pinned.workerd!,
    files: false,
    async start(port) {
      workerDir = mkdtempSync(path.join(os.tmpdir(), "honest-workerd-"));
      await bundleWorker(workerDir);
      writeFileSync(path.join(workerDir, "config.capnp"), workerdConfig(port, workerdDate(pinned.workerd!)));
      return startRuntimeServer(runtimeCommand("workerd"), ["serve", "config.capnp"], { cwd: workerDir, port });
    },
  },
];

beforeAll(() => {
  installRuntimes();
}, 900_000);

afterAll(() => {
  if (workerDir) rmSync(workerDir, { recursive: true, force: true });
});

async function problemOf(response: Response, status: number): Promise<{ detail: string; errors?: unknown }> {
  expect(response.status).toBe(status);
  expect(response.headers.get("content-type")).toBe("application/problem+json");
  const problem = (await response.json()) as { status: number; detail: string };
  expect(problem.status).toBe(status);
  return problem;
}

describe.each(runtimes.map((runtime) => [`${runtime.name} ${runtime.version}`, runtime] as const))("the example on %s", (_, runtime) => {
  let server: RuntimeServer | undefined;
  let base: string;

  beforeAll(async () => {
    server = await runtime.start(await freePort());
    base = server.baseUrl;
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
  });

  it("prints the route table at startup", () => {
    expect(server!.output()).toContain("Route mappings:\n  GET    /admin/stats");
  });

  it("GET / answers with the name APP_NAME gives (on workerd, the worker's binding)", async () => {
    const response = await fetch(`${base}/`);
    expect(response.status).toBe(200);
    expect(((await response.json()) as { name: string }).name).toBe(APP_NAME);
  });

  it("GET /items/1 answers the item as JSON", async () => {
    const response = await fetch(`${base}/items/1`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    expect(await response.text()).toBe('{"id":1,"name":"keyboard","price":49.5,"tags":["input","usb"],"inStock":true}');
  });

  it("an i64 above 2^53 in the path comes back exact", async () => {
    // 2^53 + 1 and 2^63 - 1: as doubles they would read 9007199254740992 and 9223372036854775808.
    expect((await problemOf(await fetch(`${base}/items/9007199254740993`), 404)).detail).toBe("item 9007199254740993 not found");
    expect((await problemOf(await fetch(`${base}/items/9223372036854775807`), 404)).detail).toBe("item 9223372036854775807 not found");
  });

  it("POST /items/bulk reads a JSON body and answers 201 with the items, i64 ids as JSON integers", async () => {
    const response = await fetch(`${base}/items/bulk`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify([{ name: "cable", price: 5, tags: ["usb"] }]),
    });
    expect(response.status, await response.clone().text()).toBe(201);
    expect(await response.text()).toBe('[{"id":4,"name":"cable","price":5,"tags":["usb"],"inStock":true}]');
  });

  it("a path parameter that is not an i64, and a body of the wrong shape, are 400 problem documents", async () => {
    expect((await problemOf(await fetch(`${base}/items/abc`), 400)).detail).toContain('"id"');
    expect((await problemOf(await fetch(`${base}/items/9223372036854775808`), 400)).detail).toContain('"id"');
    const wrongShape = await fetch(`${base}/items`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: 5 }),
    });
    expect((await problemOf(wrongShape, 400)).errors).toEqual([
      { path: "$.name", expected: "string", got: "5" },
      { path: "$.price", expected: "number", got: "missing" },
    ]);
  });

  it("serves the OpenAPI document, and the documentation page where there are files to read", async () => {
    const document = await fetch(`${base}/openapi.json`);
    expect(document.status).toBe(200);
    expect(((await document.json()) as { openapi: string }).openapi).toBe("3.1.0");
    const page = await fetch(`${base}/docs/swagger-ui-bundle.js`);
    expect(page.status).toBe(runtime.files ? 200 : 404);
  });

  it("another method on a known path is a 405 problem with Allow", async () => {
    const response = await fetch(`${base}/items`, { method: "DELETE" });
    await problemOf(response, 405);
    expect(response.headers.get("allow")).toBe("GET, HEAD, POST");
  });
});
