import path from "node:path";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { exampleDir } from "../support/example.js";
import { connectionRefused, freePort } from "../support/http.js";
import { compileLifecycleFixture, type LifecycleFixture } from "../support/lifecycle-fixture.js";
import { jsonLines } from "../support/log-lines.js";
import { startNode, stopNode, type NodeProcess } from "../support/node-process.js";

// An app that cannot start says why and exits non-zero before it listens:
// there is never a server up with part of the app missing.

let fixture: LifecycleFixture;
beforeAll(() => {
  fixture = compileLifecycleFixture("startup-faults");
});

const launched: NodeProcess[] = [];
afterEach(async () => {
  for (const node of launched.splice(0)) await stopNode(node);
});

function start(port: number, env: Record<string, string>): NodeProcess {
  const node = fixture.start(port, env);
  launched.push(node);
  return node;
}

/**
 * Starts the app on a free port with a FAULT in `env`, and checks it exits 1, as a fault while it is built makes it,
 * with `message` on stderr, and that nothing listens on the port.
 */
async function startFailing(env: Record<string, string>, message: string): Promise<NodeProcess> {
  const port = await freePort();
  const node = start(port, env);
  expect((await node.exited).code).toBe(1);
  expect(node.stderr()).toContain(message);
  expect(await connectionRefused(port)).toBe(true);
  return node;
}

describe("a fault while the app is built", () => {
  it("a component whose constructor throws: its name, the chain that needed it, the reason; exit 1; nothing listens", async () => {
    const node = await startFailing(
      { FAULT: "constructor" },
      "InjectionError: honest: new Database() threw, building SlowController.repository → Repository.db: cannot reach the database at db:5432",
    );
    expect(node.stdout()).not.toContain("listening");
  });

  it("a provider for a class the app does not inject: names it and what the app does use; exit 1", async () => {
    const _node = await startFailing(
      { FAULT: "unused-provider" },
      "honest: createApp({ providers }) replaces Unrelated, which no mounted controller injects; " +
        "remove that provider or provide the class you meant (the app uses: SlowController, Repository, Database)",
    );
  });

  it("a provider that gives the class instead of an instance: says what to write; exit 1", async () => {
    const _node = await startFailing(
      { FAULT: "class-provider" },
      "honest: the provider for Database gives the class Database, not an instance of it; write [Database, new Database()]",
    );
  });

  it("a component whose async init() fails: its name, the chain that needed it, the reason; exit 1; nothing listens", async () => {
    const node = await startFailing(
      { FAULT: "init", INIT_MS: "50" },
      "InjectionError: honest: Database.init() failed, building SlowController.repository → Repository.db: the schema is 3 migrations behind",
    );
    expect(node.stdout()).not.toContain("listening");
  });

  it("an init() that throws after others finished: exit 1, and only what was initialized is closed", async () => {
    const node = await startFailing(
      { FAULT: "repository-init" },
      "InjectionError: honest: Repository.init() failed, building SlowController.repository: the cache would not warm",
    );
    expect(node.stdout()).toBe("closed Database\n");
  });

  it("without a fault, the same app starts", async () => {
    const port = await freePort();
    const node = start(port, {});
    await node.listening();
    expect(await (await fetch(`http://127.0.0.1:${port}/slow/1`)).json()).toEqual({ waited: 1 });
  });
});

describe("init()", () => {
  it("runs before the server listens, dependencies first: the first request over a socket finds every component initialized", async () => {
    const port = await freePort();
    const node = start(port, { INIT_MS: "300" });
    await node.listening();
    expect(await (await fetch(`http://127.0.0.1:${port}/initialized`)).json()).toEqual(["Database", "Repository", "SlowController"]);
  });
});

describe("a port already in use", () => {
  it("is reported by its number, with exit 1 and no half-started server", async () => {
    const port = await freePort();
    const first = start(port, {});
    await first.listening();
    const second = startNode(path.join(exampleDir, "dist/main.js"), { env: { ...process.env, PORT: String(port) } });
    launched.push(second);
    expect(await second.exited).toEqual({ code: 1, signal: null });
    // The example logs through pino (docs/guide/logs-and-traces.md, "Logs"): one error line, on standard output.
    expect(second.stderr()).toBe("");
    expect(jsonLines(second.stdout()).map(({ level, msg }) => [level, msg])).toEqual([[50, `cannot listen on port ${port}: EADDRINUSE`]]);
  });
});
