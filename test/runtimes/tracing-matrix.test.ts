import { mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../support/http.js";
import { installRuntimes, pinnedRuntimes, runtimeCommand, runtimesDir } from "../support/runtime-install.js";
import { type RuntimeServer, startRuntimeServer } from "../support/runtime-server.js";
import { repositoryRoot } from "../support/working-tree.js";
import { bundleWorker, workerdConfig, workerdDate } from "../support/workerd.js";

// docs/guide/logs-and-traces.md, "On Bun, Deno and Workers": the example's
// spans on each runtime besides Node (whose spans the tests in test/tracing
// read), with an OpenTelemetry SDK registered before the app is created
// (entries/traces-sdk.mjs: sdk-trace-base's provider, spans kept in memory,
// read back at GET /__spans): Bun and Deno with the AsyncLocalStorage context
// manager, workerd with none and the API given as createApp({ tracing: { api } }).
// One request each, continuing a traceparent; its SERVER span named by the
// route, with its attributes, and its phases as its children.

const pinned = pinnedRuntimes();
const workerDirs: string[] = [];

function entry(file: string): string {
  return path.join(runtimesDir, "entries", file);
}

const runtimes: { readonly name: string; start(port: number): Promise<RuntimeServer> }[] = [
  {
    name: `Bun ${pinned.bun}`,
    start: (port) =>
      startRuntimeServer(runtimeCommand("bun"), [entry("traces-bun.mjs")], { cwd: repositoryRoot, port, env: { PORT: String(port) } }),
  },
  {
    name: `Deno ${pinned.deno}`,
    start: (port) =>
      startRuntimeServer(
        runtimeCommand("deno"),
        [
          "run",
          "--no-lock",
          "--allow-net=127.0.0.1",
          "--allow-env",
          // pino, which the example logs through, reads the host's name for its lines (docs/guide/deploying.md, "Deno").
          "--allow-sys=hostname",
          // The documentation page's files and PGlite's, as the runtime matrix allows them (runtime-matrix.test.ts), and
          // @opentelemetry/api, which honest imports when it finds the SDK: by their real paths, which is what Deno checks.
          `--allow-read=${["swagger-ui-dist", "@electric-sql/pglite/dist", "@opentelemetry/api"].map((dir) => realpathSync(path.join(repositoryRoot, "node_modules", dir))).join(",")}`,
          entry("traces-deno.mjs"),
        ],
        { cwd: repositoryRoot, port, env: { PORT: String(port), NO_COLOR: "1" } },
      ),
  },
  {
    name: `workerd ${pinned.workerd}`,
    async start(port) {
      const workerDir = mkdtempSync(path.join(os.tmpdir(), "honest-workerd-traces-"));
      workerDirs.push(workerDir);
      await bundleWorker(workerDir, entry("traces-worker.mjs"));
      writeFileSync(
        path.join(workerDir, "config.capnp"),
        workerdConfig(port, workerdDate(pinned.workerd!), { bindings: { APP_NAME: "traced" } }),
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

interface RecordedSpan {
  readonly name: string;
  readonly kind: number;
  readonly traceId: string;
  readonly spanId: string;
  readonly parentSpanId?: string;
  readonly attributes: Record<string, unknown>;
}

/** OpenTelemetry's SpanKind.SERVER. */
const SERVER = 1;

describe.each(runtimes.map((runtime) => [runtime.name, runtime] as const))("the example's spans on %s", (_, runtime) => {
  let server: RuntimeServer | undefined;

  beforeAll(async () => {
    server = await runtime.start(await freePort());
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
  });

  it("a request's SERVER span named by its route, continuing its traceparent, its phases its children", async () => {
    const traceId = "4bf92f3577b34da6a3ce929d0e0e4736";
    const response = await fetch(`${server!.baseUrl}/items/1?tag=secret`, {
      headers: { traceparent: `00-${traceId}-00f067aa0ba902b7-01` },
    });
    expect(response.status).toBe(200);
    const spans = (await (await fetch(`${server!.baseUrl}/__spans`)).json()) as RecordedSpan[];
    const request = spans.find((span) => span.name === "GET /items/{id}");
    expect(request, `${spans.map((span) => span.name).join(", ")}\n${server!.output()}`).toBeDefined();
    expect(request!.kind).toBe(SERVER);
    expect(request!.traceId).toBe(traceId);
    expect(request!.parentSpanId).toBe("00f067aa0ba902b7");
    expect(request!.attributes).toMatchObject({
      "http.request.method": "GET",
      "http.route": "/items/{id}",
      "url.path": "/items/1",
      "http.response.status_code": 200,
      "honest.operation_id": "ItemController_get",
    });
    expect(spans.filter((span) => span.parentSpanId === request!.spanId).map((span) => span.name)).toEqual([
      "resolve ItemVersion",
      "preconditions",
      "handler",
      "write answer",
    ]);
    // Never the query string.
    expect(JSON.stringify(spans)).not.toContain("secret");
  });
});
