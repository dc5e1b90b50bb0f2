import { mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exampleDir } from "../support/example.js";
import { freePort } from "../support/http.js";
import { openStream } from "../support/open-stream.js";
import { compileStreamFixture } from "../support/stream-fixture.js";
import { installRuntimes, pinnedRuntimes, runtimeCommand, runtimesDir } from "../support/runtime-install.js";
import { type RuntimeServer, startRuntimeServer } from "../support/runtime-server.js";
import { repositoryRoot } from "../support/working-tree.js";
import { bundleWorker, workerdConfig, workerdDate } from "../support/workerd.js";

// docs/guide/deploying.md, "Deploying: Node, Bun, Deno, Cloudflare Workers": the example,
// compiled once by tspc (example/dist, as `npm test` builds it), served by
// Node with honest/node's serve (example/dist/main.js), by Bun.serve, by
// Deno.serve (small entries in test/runtimes/entries that import
// example/dist/app.js) and by workerd, the runtime of Cloudflare Workers,
// with no compatibility flags: the app bundled with esbuild for a platform
// without Node's modules, a module whose default export has `fetch`. Each
// answers the same requests over a real socket. Bun, Deno and workerd come
// from their npm packages, pinned in test/runtimes (installed by this file).
// Then the stream fixture (test/support/stream-fixture.ts) on each of them
// (docs/guide/streams.md, "Streams"): items in order and exact, events by
// name and id, heartbeats, a client that leaves or stops reading, faults,
// and a stream whose generator reads a per-request component: the request
// scope's AsyncLocalStorage on each runtime (docs/guide/request-scope.md,
// "On each runtime"; workerd's compatibility date 2026-10-23 gives it without
// a flag).

const APP_NAME = "honest on every runtime";
const pinned = pinnedRuntimes();

/** What a runtime serves: the example, or the stream fixture. */
type Served = "example" | "streams";

interface Runtime {
  readonly name: string;
  readonly version: string;
  /** It can read files, so the example serves its documentation page. */
  readonly files: boolean;
  start(port: number, served: Served): Promise<RuntimeServer>;
}

const workerDirs: string[] = [];

const runtimes: Runtime[] = [
  {
    name: "Node",
    files: true,
    version: process.versions.node,
    start: (port, served) =>
      startRuntimeServer(process.execPath, [served === "example" ? path.join(exampleDir, "dist/main.js") : entry("streams-node.mjs")], {
        cwd: repositoryRoot,
        port,
        env: { PORT: String(port), APP_NAME },
      }),
  },
  {
    name: "Bun",
    files: true,
    version: pinned.bun!,
    start: (port, served) =>
      startRuntimeServer(runtimeCommand("bun"), [entry(served === "example" ? "bun.mjs" : "streams-bun.mjs")], {
        cwd: repositoryRoot,
        port,
        env: { PORT: String(port), APP_NAME },
      }),
  },
  {
    name: "Deno",
    files: true,
    version: pinned.deno!,
    start: (port, served) =>
      startRuntimeServer(
        runtimeCommand("deno"),
        [
          "run",
          "--no-lock",
          "--allow-net=127.0.0.1",
          "--allow-env",
          // pino, which the example logs through, reads the host's name for its lines (docs/guide/deploying.md, "Deno").
          "--allow-sys=hostname",
          // The documentation page's files, from swagger-ui-dist (docs/guide/openapi-and-clients.md, "Serving the document and the documentation page"),
          // and PGlite's WebAssembly and data files, which it reads when the example opens its database (docs/guide/databases.md, "On Bun and Deno");
          // by their real paths, which is what Deno checks.
          `--allow-read=${["swagger-ui-dist", "@electric-sql/pglite/dist"].map((dir) => realpathSync(path.join(repositoryRoot, "node_modules", dir))).join(",")}`,
          entry(served === "example" ? "deno.mjs" : "streams-deno.mjs"),
        ],
        { cwd: repositoryRoot, port, env: { PORT: String(port), APP_NAME, NO_COLOR: "1" } },
      ),
  },
  {
    name: "workerd",
    version: pinned.workerd!,
    files: false,
    async start(port, served) {
      const workerDir = mkdtempSync(path.join(os.tmpdir(), "honest-workerd-"));
      workerDirs.push(workerDir);
      await bundleWorker(workerDir, entry(served === "example" ? "worker.mjs" : "streams-worker.mjs"));
      const flags = served === "streams" ? ["enable_request_signal"] : [];
      writeFileSync(
        path.join(workerDir, "config.capnp"),
        workerdConfig(port, workerdDate(pinned.workerd!), { flags, bindings: { APP_NAME } }),
      );
      return startRuntimeServer(runtimeCommand("workerd"), ["serve", "config.capnp"], { cwd: workerDir, port });
    },
  },
];

beforeAll(() => {
  installRuntimes();
}, 900_000);

afterAll(() => {
  for (const dir of workerDirs) rmSync(dir, { recursive: true, force: true });
});

function entry(file: string): string {
  return path.join(runtimesDir, "entries", file);
}

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
    server = await runtime.start(await freePort(), "example");
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

/** What the stream fixture's generators did, read from the server. */
async function probeOf(base: string): Promise<{ produced: number; finished: { route: string; at: number }[] }> {
  return (await (await fetch(`${base}/probe`)).json()) as { produced: number; finished: { route: string; at: number }[] };
}

/** Waits until the generator of `route` has run its `finally`; how long it took from `left`. */
async function finishedAfter(base: string, route: string, left: number): Promise<number> {
  for (;;) {
    const entry = (await probeOf(base)).finished.find((each) => each.route === route && each.at >= left - 5);
    if (entry) return entry.at - left;
    if (Date.now() - left > 5000) throw new Error(`the ${route} generator's finally did not run within 5 s`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe.each(runtimes.map((runtime) => [`${runtime.name} ${runtime.version}`, runtime] as const))("streams on %s", (_, runtime) => {
  let server: RuntimeServer | undefined;
  let base: string;

  beforeAll(async () => {
    // The fixture compiled once, for every runtime; its entries import it from there.
    if (!streamsCompiled) {
      const compiled = compileStreamFixture("runtime-streams", { requestScope: true });
      expect(compiled.diagnostics).toEqual([]);
      streamsCompiled = true;
    }
    server = await runtime.start(await freePort(), "streams");
    base = server.baseUrl;
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
  });

  it("sends items in order as events, i64s exact and undeclared properties dropped", async () => {
    const response = await fetch(`${base}/streams/ticks?count=2`);
    expect(response.headers.get("content-type")).toBe("text/event-stream");
    expect(await response.text()).toBe('data: {"n":9007199254740993,"label":"#0"}\n\ndata: {"n":9007199254740994,"label":"#1"}\n\n');
  });

  it("sends named events with ids after the Last-Event-ID, and newline-delimited JSON", async () => {
    const events = await fetch(`${base}/streams/events`, { headers: { "last-event-id": "41" } });
    expect(await events.text()).toBe(
      'event: tick\nid: 42\ndata: {"n":42,"label":"tick"}\n\nevent: tick\nid: 43\ndata: {"n":43,"label":"tick"}\n\n' +
        'event: tick\nid: 44\ndata: {"n":44,"label":"tick"}\n\nevent: bye\ndata: {"reason":"that is all"}\n\n',
    );
    const lines = await fetch(`${base}/streams/lines?count=1`);
    expect(lines.headers.get("content-type")).toBe("application/x-ndjson");
    expect(await lines.text()).toBe('{"n":9007199254740993,"label":"#0"}\n');
  });

  it("sends an idle stream's headers at once and a heartbeat while it waits; when the client leaves, the generator's finally runs within a second", async () => {
    const stream = await openStream(base, "/streams/idle");
    expect(stream.response.statusCode).toBe(200);
    expect(await stream.until((text) => text.length >= ": \n\n".length * 2)).toMatch(/^(: \n\n){2,}$/);
    const left = Date.now();
    stream.leave();
    expect(await finishedAfter(base, "idle", left)).toBeLessThan(1000);
  });

  it("holds a generator whose client stops reading at its yield, and ends it when the client leaves", async () => {
    const stream = await openStream(base, "/streams/endless");
    stream.response.pause();
    let produced = -1;
    for (let now = (await probeOf(base)).produced; now !== produced; now = (await probeOf(base)).produced) {
      produced = now;
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
    expect(produced).toBeLessThan(20_000);
    const left = Date.now();
    stream.leave();
    expect(await finishedAfter(base, "endless", left)).toBeLessThan(1000);
  });

  it("runs a stream's per-request component in its request scope: one instance for its items, closed when it ends", async () => {
    const text = await (await fetch(`${base}/scoped/feed`)).text();
    const ids = [...text.matchAll(/^data: (\d+)$/gm)].map((match) => match[1]);
    expect(ids).toHaveLength(3);
    expect(new Set(ids).size).toBe(1);
    await expect.poll(async () => (await fetch(`${base}/scoped/ends`)).json()).toContainEqual(`${ids[0]} answered 200`);
  });

  it("ends a stream that fails with an error event, and serves the next request", async () => {
    const answer = await fetch(`${base}/streams/faults/error`, { headers: { "X-Request-Id": "stream-fault" } });
    const text = await answer.text();
    expect(
      text.endsWith(
        'event: error\ndata: {"type":"about:blank","title":"Internal Server Error","status":500,"detail":"the server failed to complete the stream","requestId":"stream-fault"}\n\n',
      ),
    ).toBe(true);
    expect((await fetch(`${base}/health`)).status).toBe(200);
  });
});

let streamsCompiled = false;
