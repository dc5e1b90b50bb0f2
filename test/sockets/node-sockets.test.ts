import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import WebSocket from "ws";
import { upgradeWebSocket } from "honest/node";
import type { RunningServer } from "honest/node";
import { serveForTest } from "../support/http.js";
import { openSocket, type RefusedUpgrade } from "../support/socket-client.js";
import { compileSocketFixture } from "../support/socket-fixture.js";

// docs/guide/websockets.md, "WebSocket routes": the socket fixture served by
// honest/node's serve, over real sockets.

let server: RunningServer;
let base: string;
let http: string;
const ADA = { authorization: "Bearer ada-token" };

beforeAll(async () => {
  const compiled = compileSocketFixture("node-sockets", { client: true });
  expect(compiled.diagnostics).toEqual([]);
  const { createSocketApp } = await compiled.loadFixture();
  server = serveForTest(createSocketApp({ upgradeWebSocket, bodyLimit: 4096 }), { gracePeriod: 500 });
  const { port } = await server.listening;
  base = `ws://127.0.0.1:${port}`;
  http = `http://127.0.0.1:${port}`;
});

afterAll(async () => {
  await server?.close();
});

async function refusal(url: string, headers: Record<string, string> = {}): Promise<RefusedUpgrade> {
  try {
    const socket = await openSocket(url, headers);
    socket.ws.close();
  } catch (error) {
    return error as RefusedUpgrade;
  }
  throw new Error(`${url} upgraded`);
}

async function leftAt(route: string, name: string, after: number): Promise<number> {
  for (;;) {
    const { left } = (await (await fetch(`${http}/probe`)).json()) as { left: { route: string; name: string; at: number }[] };
    const entry = left.find((each) => each.route === route && each.name === name && each.at >= after);
    if (entry) return entry.at - after;
    if (Date.now() - after > 5000) throw new Error(`the ${route} handler of ${name} did not end within 5 s`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe("WebSocket routes under serve", () => {
  it("broadcasts typed messages to the room, i64s exact both ways and undeclared properties dropped", async () => {
    const ada = await openSocket(`${base}/rooms/lobby`, ADA);
    const alan = await openSocket(`${base}/rooms/lobby?token=alan-token`);
    ada.send('{"text":"hello","replyTo":9223372036854775807}');
    const expected = { from: "ada", room: "lobby", text: "hello" };
    const [toAda, toAlan] = [await ada.next(), await alan.next()];
    expect(toAda).toBe(toAlan);
    expect(toAda).toMatch(/^\{"id":9007199254740993,"from":"ada","room":"lobby","text":"hello","replyTo":9223372036854775807\}$/);
    expect(JSON.parse(toAda)).toMatchObject(expected);
    ada.ws.close();
    alan.ws.close();
  });

  it("answers a bad message with a MessageProblem, keeps the connection, and leaves other connections alone", async () => {
    const ada = await openSocket(`${base}/rooms/bad`, ADA);
    const alan = await openSocket(`${base}/rooms/bad`, { authorization: "Bearer alan-token" });
    ada.send('{"text":42}');
    expect(await ada.nextJson()).toEqual({
      type: "urn:honest:message-refused",
      title: "Bad Request",
      status: 400,
      detail: "the message does not match its declared type (1 error)",
      errors: [{ path: "$.text", expected: "string", got: "42" }],
    });
    ada.send("not json");
    expect(await ada.nextJson()).toMatchObject({ status: 400, detail: expect.stringMatching(/^the message is not valid JSON/) });
    ada.send(`{"text":"${"x".repeat(101)}"}`);
    expect(await ada.nextJson()).toMatchObject({ status: 400, errors: [{ path: "$.text" }] });
    ada.send('{"text":"still here"}');
    expect(JSON.parse(await alan.next())).toMatchObject({ from: "ada", text: "still here" });
    expect(JSON.parse(await ada.next())).toMatchObject({ from: "ada", text: "still here" });
    ada.ws.close();
    alan.ws.close();
  });

  it("refuses the upgrade without credentials with a 401 problem document", async () => {
    const refused = await refusal(`${base}/rooms/lobby`);
    expect(refused.status).toBe(401);
    expect(refused.contentType).toBe("application/problem+json");
    expect(JSON.parse(refused.body)).toMatchObject({ status: 401, detail: "send a bearer token" });
  });

  it("runs the route's middleware on the upgrade: a refusal is its answer, and the app's headers come with the 101", async () => {
    const refused = await refusal(`${base}/echo?blocked`);
    expect(refused).toMatchObject({ status: 403, body: "blocked" });
    const echo = await openSocket(`${base}/echo`);
    expect(echo.headers["x-served-by"]).toBe("honest");
    echo.ws.close();
  });

  it("answers a plain GET of a socket route with 426", async () => {
    const response = await fetch(`${http}/echo`);
    expect(response.status).toBe(426);
    expect(await response.json()).toMatchObject({ status: 426, detail: expect.stringContaining("is a WebSocket route") });
  });

  it("closes only the connection whose handler fails, with 1011", async () => {
    const ada = await openSocket(`${base}/rooms/faults`, ADA);
    const alan = await openSocket(`${base}/rooms/faults`, { authorization: "Bearer alan-token" });
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    ada.send('{"text":"fail"}');
    expect(await ada.closed).toEqual({ code: 1011, reason: "the server failed to handle the connection" });
    expect(String(logged.mock.calls[0]?.[0])).toMatch(/^honest: the handler of the WebSocket at \/rooms\/faults failed/);
    logged.mockRestore();
    alan.send('{"text":"after"}');
    expect(JSON.parse(await alan.next())).toMatchObject({ from: "alan", text: "after" });
    alan.ws.close();
  });

  it("closes on a binary frame with 1003, and on a message over the body limit with 1009", async () => {
    const binary = await openSocket(`${base}/echo`);
    binary.send(Buffer.from("{}"), { binary: true });
    expect((await binary.closed).code).toBe(1003);
    const large = await openSocket(`${base}/echo`);
    large.send(`{"n":1,"pad":"${"x".repeat(5000)}"}`);
    expect((await large.closed).code).toBe(1009);
  });

  it("ends the handler when the client closes, promptly, and closes when the handler returns", async () => {
    const alan = await openSocket(`${base}/rooms/leaving`, { authorization: "Bearer alan-token" });
    const left = Date.now();
    alan.ws.close();
    expect(await leftAt("chat", "alan", left)).toBeLessThan(1000);
    const echo = await openSocket(`${base}/echo`);
    echo.send('{"n":9007199254740993}');
    expect(await echo.next()).toBe('{"n":9007199254740993}');
    echo.send('{"n":0}');
    expect(await echo.next()).toBe('{"n":0}');
    expect((await echo.closed).code).toBe(1000);
  });
});

describe("the generated client's sockets", () => {
  it("sends In and yields Out, i64s exact both ways, a refused message to onProblem", async () => {
    const { createSockets } = await import(path.resolve("test/.out/node-sockets/client/api.ts"));
    const client = createSockets({ baseUrl: http, WebSocket, headers: ADA });
    const problems: unknown[] = [];
    const socket = await client.chat.chat({ room: "typed" }, { onProblem: (problem: unknown) => problems.push(problem) });
    socket.send({ text: "x".repeat(101) });
    socket.send({ text: "typed", replyTo: 9223372036854775807n });
    for await (const message of socket) {
      expect(message).toEqual({ id: expect.any(BigInt), from: "ada", room: "typed", text: "typed", replyTo: 9223372036854775807n });
      expect(message.id > 9007199254740992n).toBe(true);
      break;
    }
    expect(problems).toMatchObject([{ type: "urn:honest:message-refused", errors: [{ path: "$.text" }] }]);
    expect(await socket.closed).toMatchObject({ code: 1000 });
  });

  it("throws a refused message from the loop without onProblem, and rejects an upgrade refused", async () => {
    const { createSockets } = await import(path.resolve("test/.out/node-sockets/client/api.ts"));
    const echo = await createSockets({ baseUrl: http, WebSocket }).chat.echo();
    echo.send({ n: "one" } as never);
    await expect(echo[Symbol.asyncIterator]().next()).rejects.toThrow(
      "the socket refused a message: the message does not match its declared type (1 error)",
    );
    echo.close();
    await expect(createSockets({ baseUrl: http, WebSocket }).chat.chat({ room: "x" })).rejects.toThrow(/could not be opened/);
  });
});

describe("an app with socket routes and no way to upgrade", () => {
  it("refuses to start on Bun, Deno or Workers without their upgradeWebSocket, saying which to pass", async () => {
    const { createSocketApp } = await compileSocketFixture("node-sockets-refusals").loadFixture();
    const global = globalThis as { Bun?: unknown };
    global.Bun = {};
    try {
      expect(() => createSocketApp()).toThrow(
        'honest: this app has WebSocket routes: WS /rooms/{room} (ChatController.chat), WS /echo (ChatController.echo), and nothing to upgrade a request to a WebSocket with on Bun; import { upgradeWebSocket, websocket } from "hono/bun" and pass it: createApp({ upgradeWebSocket }), and Bun.serve({ fetch: app.fetch, websocket }).',
      );
    } finally {
      delete global.Bun;
    }
  });

  it("on Node outside serve, answers an upgrade with a 500 that says how to serve it", async () => {
    const { createSocketApp } = await compileSocketFixture("node-sockets-refusals").loadFixture();
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const response = await createSocketApp().fetch(
      new Request("http://localhost/echo", { headers: { connection: "Upgrade", upgrade: "websocket" } }),
    );
    expect(response.status).toBe(500);
    expect(String(logged.mock.calls[0]?.[1] ?? logged.mock.calls[0]?.[0])).toContain("serve the app with honest/node's serve");
    logged.mockRestore();
  });

  it("under serve, refuses to start without the ws package, saying to install it", () => {
    const dir = path.resolve("test/.out/node-sockets");
    const hooks = path.join(dir, "no-ws-hooks.mjs");
    writeFileSync(
      hooks,
      `export async function resolve(specifier, context, next) {
  if (specifier === "ws") throw Object.assign(new Error("Cannot find package 'ws'"), { code: "ERR_MODULE_NOT_FOUND" });
  return next(specifier, context);
}
`,
    );
    const script = `
import { register } from "node:module";
register(${JSON.stringify(pathToFileURL(hooks).href)});
const { serve } = await import("honest/node");
const { createSocketApp } = await import(${JSON.stringify(pathToFileURL(path.join(dir, "dist/app.js")).href)});
const running = serve(createSocketApp(), { port: 0, log: false, handleSignals: false });
running.listening.then(() => console.log("listening"), () => {});
`;
    const result = spawnSync(process.execPath, ["--input-type=module", "-e", script], {
      cwd: path.resolve("."),
      encoding: "utf8",
      timeout: 30_000,
    });
    expect(result.stdout).not.toContain("listening");
    expect(result.stderr).toContain(
      "honest: this app has WebSocket routes (WS /rooms/{room} (ChatController.chat), WS /echo (ChatController.echo)), which honest/node's serve upgrades with the ws package, and it is not installed: npm install ws",
    );
    expect(result.status).toBe(1);
  });
});

describe("serve's shutdown", () => {
  it("closes open sockets with 1001, and stops once they have closed", async () => {
    const { createSocketApp } = await compileSocketFixture("node-sockets-shutdown").loadFixture();
    const running = serveForTest(createSocketApp(), { gracePeriod: 2000 });
    const { port } = await running.listening;
    const ada = await openSocket(`ws://127.0.0.1:${port}/rooms/closing`, ADA);
    const started = Date.now();
    await running.close();
    expect(Date.now() - started).toBeLessThan(1000);
    expect(await ada.closed).toEqual({ code: 1001, reason: "the server is shutting down" });
  });
});
