import http from "node:http";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { connectionRefused, freePort } from "../support/http.js";
import { compileLifecycleFixture, type LifecycleFixture } from "../support/lifecycle-fixture.js";
import { stopNode, type NodeProcess } from "../support/node-process.js";

// Stopping on SIGTERM as an orchestrator does it: requests in flight finish,
// new connections are refused, idle keep-alive connections close, the
// components close (dependents first), and the process exits within its
// grace period, at once on a second signal.

let fixture: LifecycleFixture;
beforeAll(() => {
  fixture = compileLifecycleFixture("shutdown");
});

let launched: NodeProcess | undefined;
afterEach(async () => {
  await stopNode(launched);
  launched = undefined;
});

async function start(env: Record<string, string> = {}): Promise<{ node: NodeProcess; port: number }> {
  const port = await freePort();
  launched = fixture.start(port, env);
  await launched.listening();
  return { node: launched, port };
}

/** A GET whose answer (or failure) is awaited later. */
function get(port: number, path: string, agent?: http.Agent): Promise<{ status: number; body: string } | { error: string }> {
  return new Promise((resolve) => {
    http
      .get({ host: "127.0.0.1", port, path, agent }, (response) => {
        let body = "";
        response.setEncoding("utf8").on("data", (chunk: string) => (body += chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
        response.on("error", (error) => resolve({ error: error.message }));
      })
      .on("error", (error) => resolve({ error: (error as NodeJS.ErrnoException).code ?? error.message }));
  });
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("SIGTERM", () => {
  it("lets requests in flight finish, refuses new connections, closes idle ones, closes components dependents first, exits 0", async () => {
    const { node, port } = await start();
    const idleClosed = new Promise<number>((resolve) => {
      const agent = new http.Agent({ keepAlive: true });
      http.get({ host: "127.0.0.1", port, path: "/slow/1", agent }, (response) => {
        response.socket.once("close", () => resolve(Date.now()));
        response.resume(); // once read, the connection sits idle in the agent's pool
      });
    });
    await pause(50);
    const inFlight = [get(port, "/slow/400"), get(port, "/slow/300")];
    await pause(100);
    node.child.kill("SIGTERM");
    await pause(100);
    expect(await connectionRefused(port)).toBe(true);
    expect(await Promise.all(inFlight)).toEqual([
      { status: 200, body: '{"waited":400}' },
      { status: 200, body: '{"waited":300}' },
    ]);
    const answeredAt = Date.now();
    expect(await idleClosed).toBeLessThan(answeredAt); // closed by the server, not left to the end
    expect(await node.exited).toEqual({ code: 0, signal: null });
    expect(node.stdout()).toBe(
      `honest: listening on http://127.0.0.1:${port}\nhonest: SIGTERM received, finishing in-flight requests\nclosed Repository\nclosed Database\n`,
    );
    expect(node.stderr()).toBe("");
  });

  it("cuts off requests still running when the grace period ends, says so, and exits 1", async () => {
    const { node, port } = await start({ GRACE_MS: "300" });
    const stuck = get(port, "/slow/20000");
    await pause(100);
    const signalled = Date.now();
    node.child.kill("SIGTERM");
    expect(await node.exited).toEqual({ code: 1, signal: null });
    expect(Date.now() - signalled).toBeLessThan(5_000);
    expect(await stuck).toEqual({ error: "ECONNRESET" });
    expect(node.stderr()).toContain("honest: the grace period of 300 ms ran out; closed 1 connection(s) with requests still in flight\n");
    expect(node.stdout()).toContain("closed Repository\nclosed Database\n");
  });

  it("a second signal ends the process at once", async () => {
    const { node, port } = await start();
    const stuck = get(port, "/slow/20000");
    await pause(100);
    node.child.kill("SIGTERM");
    await pause(100);
    node.child.kill("SIGTERM");
    expect(await node.exited).toEqual({ code: null, signal: "SIGTERM" });
    expect(await stuck).toHaveProperty("error");
  });
});

describe("SIGTERM with a drain delay", () => {
  it("turns readiness 503 at once, serves new requests through the delay while those in flight finish, then stops and exits 0", async () => {
    const { node, port } = await start({ DRAIN_MS: "1000" });
    expect(await get(port, "/readyz")).toEqual({ status: 200, body: '{"status":"ready","checks":{}}' });
    const inFlight = get(port, "/slow/700");
    await pause(100);
    const signalled = Date.now();
    node.child.kill("SIGTERM");
    await pause(100);
    expect(await get(port, "/readyz")).toEqual({ status: 503, body: '{"status":"stopping"}' });
    expect(await get(port, "/livez")).toEqual({ status: 200, body: '{"status":"live"}' });
    // A load balancer that has not yet seen the 503 still sends requests: they are served, on new connections too.
    expect(await get(port, "/slow/1")).toEqual({ status: 200, body: '{"waited":1}' });
    expect(await inFlight).toEqual({ status: 200, body: '{"waited":700}' });
    expect(await node.exited).toEqual({ code: 0, signal: null });
    expect(Date.now() - signalled).toBeGreaterThanOrEqual(1000);
    expect(node.stdout()).toBe(
      `honest: listening on http://127.0.0.1:${port}\n` +
        "honest: SIGTERM received, not ready; serving 1000 ms more, then finishing in-flight requests\nclosed Repository\nclosed Database\n",
    );
    expect(node.stderr()).toBe("");
  });

  it("refuses new connections once the delay is over, while a request still in flight finishes", async () => {
    const { node, port } = await start({ DRAIN_MS: "300" });
    const inFlight = get(port, "/slow/1500");
    await pause(100);
    node.child.kill("SIGTERM");
    await pause(600);
    expect(await connectionRefused(port)).toBe(true);
    expect(await inFlight).toEqual({ status: 200, body: '{"waited":1500}' });
    expect(await node.exited).toEqual({ code: 0, signal: null });
  });

  it("a second signal during the delay ends the process at once", async () => {
    const { node } = await start({ DRAIN_MS: "20000" });
    node.child.kill("SIGTERM");
    await pause(100);
    node.child.kill("SIGINT");
    expect(await node.exited).toEqual({ code: null, signal: "SIGINT" });
  });
});

describe("components' close()", () => {
  it("one that fails is logged, the others still close, and the exit code is 1", async () => {
    const { node } = await start({ FAULT: "close" });
    node.child.kill("SIGTERM");
    expect(await node.exited).toEqual({ code: 1, signal: null });
    expect(node.stdout()).toContain("closed Repository\n");
    expect(node.stdout()).not.toContain("closed Database");
    expect(node.stderr()).toContain("honest: Database.close() failed: Error: the pool would not drain");
  });

  it("one that hangs does not keep the process past its grace period", async () => {
    const { node } = await start({ CLOSE_MS: "20000", GRACE_MS: "300" });
    const signalled = Date.now();
    node.child.kill("SIGTERM");
    expect(await node.exited).toEqual({ code: 1, signal: null });
    expect(Date.now() - signalled).toBeLessThan(5_000);
    expect(node.stdout()).toContain("closed Repository\n");
    expect(node.stderr()).toBe("honest: shutdown did not finish within the grace period of 300 ms; exiting\n");
  });
});
