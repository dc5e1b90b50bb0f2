import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { build } from "esbuild";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../support/http.js";
import { installRuntimes, pinnedRuntimes, runtimeCommand, runtimesDir } from "../support/runtime-install.js";
import { type RuntimeServer, startRuntimeServer } from "../support/runtime-server.js";
import { openSocket, type RefusedUpgrade } from "../support/socket-client.js";
import { compileSocketFixture } from "../support/socket-fixture.js";
import { repositoryRoot } from "../support/working-tree.js";

// docs/guide/websockets.md, "On each runtime": the socket fixture
// (test/support/socket-fixture.ts), compiled once by the transformer, served
// by Node with honest/node's serve, by Bun.serve, by Deno.serve and by
// workerd, each with its runtime's upgradeWebSocket (entries in
// test/runtimes/entries), and talked to over real sockets: messages typed
// and exact, a bad message answered without harm to another connection, an
// upgrade without credentials refused, a failing handler closing only its
// own connection, and a client's close reaching its handler promptly.

const pinned = pinnedRuntimes();

interface Runtime {
  readonly name: string;
  readonly version: string;
  /**
   * A handler may send to any open connection: not so on Workers, where a WebSocket takes I/O only from the
   * request that opened it (docs/guide/websockets.md, "On each runtime").
   */
  readonly broadcasts: boolean;
  start(port: number): Promise<RuntimeServer>;
}

const workerDirs: string[] = [];

function entry(file: string): string {
  return path.join(runtimesDir, "entries", file);
}

async function startWorker(port: number): Promise<RuntimeServer> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "honest-workerd-sockets-"));
  workerDirs.push(dir);
  const result = await build({
    entryPoints: [entry("sockets-worker.mjs")],
    outfile: path.join(dir, "worker.js"),
    bundle: true,
    format: "esm",
    platform: "browser",
    conditions: ["workerd", "worker", "browser"],
    logLevel: "silent",
  });
  expect(result.errors).toEqual([]);
  const [, year, month, day] = /^1\.(\d{4})(\d{2})(\d{2})\./.exec(pinned.workerd!)!;
  writeFileSync(
    path.join(dir, "config.capnp"),
    `using Workerd = import "/workerd/workerd.capnp";

const config :Workerd.Config = (
  services = [(name = "main", worker = .worker)],
  sockets = [(name = "http", address = "127.0.0.1:${port}", http = (), service = "main")],
);

const worker :Workerd.Worker = (
  modules = [(name = "worker.js", esModule = embed "worker.js")],
  compatibilityDate = "${year}-${month}-${day}",
);
`,
  );
  return startRuntimeServer(runtimeCommand("workerd"), ["serve", "config.capnp"], { cwd: dir, port });
}

const runtimes: Runtime[] = [
  {
    name: "Node",
    version: process.versions.node,
    broadcasts: true,
    start: (port) =>
      startRuntimeServer(process.execPath, [entry("sockets-node.mjs")], { cwd: repositoryRoot, port, env: { PORT: String(port) } }),
  },
  {
    name: "Bun",
    version: pinned.bun!,
    broadcasts: true,
    start: (port) =>
      startRuntimeServer(runtimeCommand("bun"), [entry("sockets-bun.mjs")], { cwd: repositoryRoot, port, env: { PORT: String(port) } }),
  },
  {
    name: "Deno",
    version: pinned.deno!,
    broadcasts: true,
    start: (port) =>
      startRuntimeServer(runtimeCommand("deno"), ["run", "--no-lock", "--allow-net=127.0.0.1", "--allow-env", entry("sockets-deno.mjs")], {
        cwd: repositoryRoot,
        port,
        env: { PORT: String(port), NO_COLOR: "1" },
      }),
  },
  { name: "workerd", version: pinned.workerd!, broadcasts: false, start: startWorker },
];

beforeAll(() => {
  installRuntimes();
  const compiled = compileSocketFixture("runtime-sockets");
  expect(compiled.diagnostics).toEqual([]);
}, 900_000);

afterAll(() => {
  for (const dir of workerDirs) rmSync(dir, { recursive: true, force: true });
});

const ADA = { authorization: "Bearer ada-token" };
const ALAN = { authorization: "Bearer alan-token" };

describe.each(runtimes.map((runtime) => [`${runtime.name} ${runtime.version}`, runtime] as const))(
  "WebSocket routes on %s",
  (_, runtime) => {
    let server: RuntimeServer | undefined;
    let base: string;

    beforeAll(async () => {
      server = await runtime.start(await freePort());
      base = server.baseUrl.replace(/^http/, "ws");
    }, 120_000);

    afterAll(async () => {
      await server?.stop();
    });

    it("sends and receives typed messages, i64s exact both ways and undeclared properties dropped", async () => {
      const echo = await openSocket(`${base}/echo`);
      echo.send('{"n":9223372036854775807}');
      expect(await echo.next()).toBe('{"n":9223372036854775807}');
      echo.ws.close();
    });

    it.skipIf(!runtime.broadcasts)("broadcasts to every connection of a room", async () => {
      const ada = await openSocket(`${base}/rooms/lobby`, ADA);
      const alan = await openSocket(`${base}/rooms/lobby`, ALAN);
      ada.send('{"text":"hello","replyTo":9223372036854775807}');
      const toAda = await ada.next();
      expect(await alan.next()).toBe(toAda);
      expect(toAda).toMatch(/^\{"id":\d{16},"from":"ada","room":"lobby","text":"hello","replyTo":9223372036854775807\}$/);
      ada.ws.close();
      alan.ws.close();
    });

    it("answers a bad message with a MessageProblem, and the connection and another go on", async () => {
      const ada = await openSocket(`${base}/rooms/bad`, ADA);
      const echo = await openSocket(`${base}/echo`);
      ada.send('{"text":42}');
      expect(await ada.nextJson()).toMatchObject({ type: "urn:honest:message-refused", status: 400, errors: [{ path: "$.text" }] });
      ada.send('{"text":"still here"}');
      expect(JSON.parse(await ada.next())).toMatchObject({ from: "ada", text: "still here" });
      echo.send('{"n":1}');
      expect(await echo.next()).toBe('{"n":1}');
      ada.ws.close();
      echo.ws.close();
    });

    it("runs the route's middleware on the upgrade: a refusal is its answer", async () => {
      await expect(openSocket(`${base}/echo?blocked`)).rejects.toMatchObject({ status: 403, body: "blocked" });
    });

    it("refuses the upgrade without credentials with 401", async () => {
      const refused = await openSocket(`${base}/rooms/lobby`).then(
        (socket) => {
          socket.ws.close();
          throw new Error("upgraded without credentials");
        },
        (error: RefusedUpgrade) => error,
      );
      expect(refused.status).toBe(401);
      expect(JSON.parse(refused.body)).toMatchObject({ status: 401, detail: "send a bearer token" });
    });

    it("closes only the connection whose handler fails, with 1011", async () => {
      const ada = await openSocket(`${base}/rooms/faults`, ADA);
      const echo = await openSocket(`${base}/echo`);
      ada.send('{"text":"fail"}');
      expect(await ada.closed).toEqual({ code: 1011, reason: "the server failed to handle the connection" });
      echo.send('{"n":2}');
      expect(await echo.next()).toBe('{"n":2}');
      echo.ws.close();
    });

    it("ends the handler within a second of the client's close", async () => {
      const http = base.replace(/^ws/, "http");
      // Counted rather than timed by the server: a worker's clock stands still between its I/O.
      const ended = async () =>
        ((await (await fetch(`${http}/probe`)).json()) as { left: { name: string }[] }).left.filter((each) => each.name === "alan").length;
      const before = await ended();
      const alan = await openSocket(`${base}/rooms/leaving`, ALAN);
      const left = Date.now();
      alan.ws.close();
      while ((await ended()) === before) {
        expect(Date.now() - left).toBeLessThan(1000);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    });
  },
);
