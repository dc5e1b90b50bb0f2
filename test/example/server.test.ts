import { EXAMPLE_ROUTE_TABLE } from "../support/example-route-table.js";
import http from "node:http";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { RunningServer } from "honest/node";
import { exampleApp, exampleDist } from "../support/example.js";
import { connectionRefused, freePort, startSlowRequest, serveForTest } from "../support/http.js";
import { startNode, stopNode, type NodeProcess } from "../support/node-process.js";
import { jsonLines } from "../support/log-lines.js";

// The example on a real listening socket: serve() in-process, and the built
// example as `npm start` runs it, stopped by a signal.

describe("serve()", () => {
  let running: RunningServer | undefined;
  afterEach(async () => {
    await running?.close();
    running = undefined;
  });

  async function start() {
    running = serveForTest(await exampleApp());
    return (await running.listening).port;
  }

  it("serves the app over HTTP", async () => {
    const port = await start();
    const base = `http://127.0.0.1:${port}`;
    const item = await fetch(`${base}/items/1`);
    expect(item.status).toBe(200);
    expect(await item.json()).toMatchObject({ id: 1, name: "keyboard" });
    const created = await fetch(`${base}/items`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: '{"name":"pen","price":2}',
    });
    expect(created.status).toBe(201);
    expect(created.headers.get("location")).toBe("/items/4");
    const post = await fetch(`${base}/users/2/posts/3`);
    expect(await post.text()).toBe('{"id":3,"userId":2,"author":"grace","title":"post 3 of user 2","site":"honest example"}');
    const notAllowed = await fetch(`${base}/items/1`, { method: "POST" });
    expect(notAllowed.status).toBe(405);
    expect(notAllowed.headers.get("allow")).toBe("GET, HEAD, PUT, DELETE, PATCH");
    expect((await fetch(`${base}/missing`)).status).toBe(404);
  });

  it("stops a chunked body at the limit on a real socket", async () => {
    const port = await start();
    const slow = await startSlowRequest(port, "POST", "/items", '{"name":"');
    // 2 MiB more, in chunks: the server answers 413 once it has seen 1 MiB.
    const answer = slow.finish("x".repeat(2 * 1024 * 1024) + '","price":1}');
    const { status, headers, body } = await answer;
    expect(status).toBe(413);
    expect(headers["content-type"]).toBe("application/problem+json");
    expect(JSON.parse(body).detail).toBe("the request body is larger than the limit of 1048576 bytes");
    const count = (await (await fetch(`http://127.0.0.1:${port}/items`)).json()) as unknown[];
    expect(count).toHaveLength(3);
  });

  it("close() refuses new connections and lets in-flight requests finish", async () => {
    const port = await start();
    const slow = await startSlowRequest(port, "POST", "/items", '{"name":"slow",');
    await new Promise((resolve) => setTimeout(resolve, 50)); // the request is now in the handler, reading
    const closed = running!.close();
    expect(await connectionRefused(port)).toBe(true);
    const response = await slow.finish('"price":3}');
    expect(response.status).toBe(201);
    await closed;
    running = undefined;
  });
});

describe("the example process (npm start)", () => {
  let launched: NodeProcess | undefined;
  afterEach(async () => {
    await stopNode(launched);
    launched = undefined;
  });

  async function startExample(port: number, env: Record<string, string> = {}): Promise<NodeProcess> {
    const started = startNode(path.join(exampleDist, "main.js"), { env: { ...process.env, ...env, PORT: String(port) } });
    launched ??= started;
    await started.listening();
    return started;
  }

  it("prints the route table, then where it listens", async () => {
    const port = await freePort();
    const example = await startExample(port);
    expect(example.stdout().startsWith(`${EXAMPLE_ROUTE_TABLE}\n`)).toBe(true);
    // Then pino's lines (docs/guide/logs-and-traces.md, "Logs"): test/example/logs.test.ts reads them whole.
    expect(jsonLines(example.stdout())[0]).toMatchObject({ level: 30, port, msg: `listening on http://localhost:${port}` });
    example.child.kill("SIGTERM");
    expect(await example.exited).toEqual({ code: 0, signal: null });
  });

  it.each(["SIGTERM", "SIGINT"] as const)("on %s, finishes in-flight requests, refuses new ones, then exits 0", async (signal) => {
    const port = await freePort();
    const example = await startExample(port);
    // A keep-alive connection that sits idle must not hold the shutdown open.
    const agent = new http.Agent({ keepAlive: true });
    await new Promise<void>((resolve) =>
      http.get({ host: "127.0.0.1", port, path: "/health", agent }, (res) => res.resume().on("end", resolve)),
    );
    const slow = await startSlowRequest(port, "POST", "/items", '{"name":"in flight",');
    await new Promise((resolve) => setTimeout(resolve, 100));
    example.child.kill(signal);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await connectionRefused(port)).toBe(true);
    const response = await slow.finish('"price":1}');
    expect(response.status).toBe(201);
    expect(response.headers.location).toBe("/items/4");
    expect(await example.exited).toEqual({ code: 0, signal: null });
    expect(jsonLines(example.stdout()).map((line) => line.msg)).toContain(`${signal} received, finishing in-flight requests`);
    agent.destroy();
  });

  it("with SHUTDOWN_DRAIN_MS, answers readiness 503 from SIGTERM on, serving through the delay while a request in flight finishes", async () => {
    const port = await freePort();
    const example = await startExample(port, { SHUTDOWN_DRAIN_MS: "800" });
    const base = `http://127.0.0.1:${port}`;
    const ready = await fetch(`${base}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: "ready", checks: { "AdminController → ItemStore → UnitOfWork → Database": "ok" } });
    const slow = await startSlowRequest(port, "POST", "/items", '{"name":"in flight",');
    await new Promise((resolve) => setTimeout(resolve, 100));
    example.child.kill("SIGTERM");
    await new Promise((resolve) => setTimeout(resolve, 100));
    const stopping = await fetch(`${base}/readyz`);
    expect(stopping.status).toBe(503);
    expect(await stopping.json()).toEqual({ status: "stopping" });
    expect((await fetch(`${base}/items/1`)).status).toBe(200); // still served during the delay
    const response = await slow.finish('"price":1}');
    expect(response.status).toBe(201);
    expect(await example.exited).toEqual({ code: 0, signal: null });
    expect(jsonLines(example.stdout()).map((line) => line.msg)).toContain(
      "SIGTERM received, not ready; serving 800 ms more, then finishing in-flight requests",
    );
  });
});
