import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { exampleDist } from "../support/example.js";
import { EXAMPLE_ROUTE_TABLE } from "../support/example-route-table.js";
import { freePort } from "../support/http.js";
import { type LogLine, jsonLines } from "../support/log-lines.js";
import { startNode, stopNode, type NodeProcess } from "../support/node-process.js";

// The example as `npm start` runs it, its standard output read as a log collector reads it
// (docs/guide/logs-and-traces.md, "Logs"): the route table as text, then pino's JSON lines: where it
// listens, one line per request whose reqId is the X-Request-Id the client got, the user the example's
// resolver names, a component's own line with the request's id, LOG_LEVEL filtering, the shutdown's lines;
// and, without pino installed, a start that fails naming `npm install pino`.

let launched: NodeProcess | undefined;
afterEach(async () => {
  await stopNode(launched);
  launched = undefined;
});

async function startExample(env: Record<string, string> = {}): Promise<{ example: NodeProcess; base: string }> {
  const port = await freePort();
  const example = startNode(path.join(exampleDist, "main.js"), { env: { ...process.env, ...env, PORT: String(port) } });
  launched = example;
  const base = `http://127.0.0.1:${port}`;
  // Above info there is no line saying it listens: the liveness probe answering says so.
  if (env.LOG_LEVEL !== "warn") await example.listening();
  else
    await expect
      .poll(
        () =>
          fetch(`${base}/livez`).then(
            (answer) => answer.status,
            () => 0,
          ),
        { timeout: 30_000, interval: 100 },
      )
      .toBe(200);
  return { example, base };
}

const LINE = { time: expect.any(Number), pid: expect.any(Number), hostname: os.hostname() };

describe("the example's logs", () => {
  it("prints the route table, then JSON lines: listening, each request with its id and user, a component's debug line, the shutdown", async () => {
    const { example, base } = await startExample({ LOG_LEVEL: "debug" });
    const created = await fetch(`${base}/items?draft=1`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-request-id": "create-1" },
      body: JSON.stringify({ name: "lamp", price: 12 }),
    });
    expect(created.status).toBe(201);
    expect(created.headers.get("x-request-id")).toBe("create-1");
    const me = await fetch(`${base}/me`, { headers: { authorization: "Bearer ada-token" } });
    expect(me.status).toBe(200);
    example.child.kill("SIGTERM");
    expect(await example.exited).toEqual({ code: 0, signal: null });

    expect(example.stdout().startsWith(`${EXAMPLE_ROUTE_TABLE}\n`)).toBe(true);
    const lines = jsonLines(example.stdout());
    const port = Number(new URL(base).port);
    expect(lines).toEqual([
      { level: 30, ...LINE, address: expect.any(String), port, msg: `listening on http://localhost:${port}` },
      { level: 20, ...LINE, reqId: "create-1", itemId: "4", msg: "item created" },
      {
        level: 30,
        ...LINE,
        reqId: "create-1",
        req: { method: "POST", url: "/items", route: "/items" },
        res: { statusCode: 201 },
        responseTime: expect.any(Number),
        msg: "request completed",
      },
      {
        level: 30,
        ...LINE,
        reqId: me.headers.get("x-request-id"),
        req: { method: "GET", url: "/me", route: "/me" },
        res: { statusCode: 200 },
        responseTime: expect.any(Number),
        user: "1",
        msg: "request completed",
      },
      { level: 30, ...LINE, signal: "SIGTERM", msg: "SIGTERM received, finishing in-flight requests" },
      { level: 30, ...LINE, msg: "stopped" },
    ]);
    expect(example.stdout()).not.toContain("draft");
    expect(example.stderr()).toBe("");
  });

  it("writes only the levels from LOG_LEVEL on: at warn, neither requests nor startup", async () => {
    const { example, base } = await startExample({ LOG_LEVEL: "warn" });
    expect((await fetch(`${base}/items/1`)).status).toBe(200);
    example.child.kill("SIGTERM");
    expect(await example.exited).toEqual({ code: 0, signal: null });
    expect(jsonLines(example.stdout())).toEqual([]);
  }, 60_000);
});

describe("without pino installed", () => {
  // A module hook that answers `import("pino")` as Node does for a package that is not there.
  const hooks = mkdtempSync(path.join(os.tmpdir(), "honest-no-pino-"));
  writeFileSync(
    path.join(hooks, "hooks.mjs"),
    `export async function resolve(specifier, context, next) {
      if (specifier === "pino") throw Object.assign(new Error("Cannot find package 'pino'"), { code: "ERR_MODULE_NOT_FOUND" });
      return next(specifier, context);
    }\n`,
  );
  writeFileSync(path.join(hooks, "register.mjs"), `import { register } from "node:module";\nregister("./hooks.mjs", import.meta.url);\n`);
  afterAll(() => rmSync(hooks, { recursive: true, force: true }));

  it("refuses to start, exit 1, naming the package to install", async () => {
    const port = await freePort();
    const example = startNode(path.join(exampleDist, "main.js"), {
      env: { ...process.env, PORT: String(port), NODE_OPTIONS: `--import ${pathToFileURL(path.join(hooks, "register.mjs")).href}` },
    });
    launched = example;
    expect((await example.exited).code).toBe(1);
    const lines: LogLine[] = jsonLines(example.stdout());
    expect(lines).toEqual([
      {
        level: 50,
        time: expect.any(Number),
        err: expect.objectContaining({
          message:
            "honest: createApp({ logger }) writes its lines through pino, and it is not installed: npm install pino (or pass logger: false)",
        }),
        msg: "the app did not start",
      },
    ]);
  });
});
