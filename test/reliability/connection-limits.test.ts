import { describe, expect, it, vi } from "vitest";
import { exampleApp } from "../support/example.js";
import { rawConnections } from "../support/raw-connections.js";
import { type RawExchange, rawBody, requestBytes } from "../support/raw-socket.js";
import { problemWithoutId } from "../support/problem.js";
import { expectOptionRefused } from "../support/serve-options.js";

// serve's maxConnections on a real socket (docs/reference/limits.md, "Limits, timeouts and
// failures"): a connection past the limit is answered 503 with Retry-After
// before its request is read, and the app never sees that request; the
// connections already open are served as if nothing happened.

const connections = rawConnections();
const connect = connections.connect;

async function start(maxConnections: number): Promise<number> {
  return connections.serve(await exampleApp(), { maxConnections });
}

async function itemCount(port: number): Promise<number> {
  // On a connection of its own, closed after the answer: it must fit under the limit too.
  const exchange = await connect(port, requestBytes("GET", "/items", { connection: "close" }));
  const answer = await exchange.answer();
  expect(answer.status).toBe(200);
  return (JSON.parse(rawBody(answer)) as unknown[]).length;
}

/** A keep-alive connection known to be open on the server: it has had an answer. */
async function openConnection(port: number): Promise<RawExchange> {
  const exchange = await connect(port, requestBytes("GET", "/health", {}));
  expect((await exchange.answer()).status).toBe(200);
  return exchange;
}

/** Resolves once the server has `count` connections open: each is counted, or refused, as Node accepts it. */
async function serverSees(count: number): Promise<void> {
  await vi.waitFor(
    async () => expect(await new Promise((resolve) => connections.running().server.getConnections((_, open) => resolve(open)))).toBe(count),
    { timeout: 10_000, interval: 20 },
  );
}

const refusal = problemWithoutId(503, "Service Unavailable", "the server has as many connections open as it accepts; retry later");

describe("past maxConnections", () => {
  it("a new connection is answered 503 with Retry-After before its request is read, while the open ones finish their requests", async () => {
    const port = await start(3);
    // Two connections in the middle of a POST, all of its body but the last byte sent, and one idle.
    const body = '{"name":"admitted","price":1}';
    const head = requestBytes("POST", "/items", { "content-type": "application/json", "content-length": String(body.length) });
    const first = await connect(port, head + body.slice(0, -1));
    const second = await connect(port, head + body.slice(0, -1));
    const idle = await connect(port);
    await serverSees(3);

    const refused = await connect(
      port,
      requestBytes("POST", "/items", { "content-type": "application/json", "content-length": String(body.length) }, body),
    );
    const answer = await refused.answer();
    expect(answer.status).toBe(503);
    expect(answer.text).toMatch(/\r\nretry-after: 5\r\n/);
    expect(answer.text).toMatch(/\r\nconnection: close\r\n/);
    expect(answer.text).toMatch(/\r\ncontent-type: application\/problem\+json\r\n/);
    expect(JSON.parse(rawBody(answer))).toEqual(refusal);
    expect(await refused.serverClosed()).toBe(true);

    // The open connections were not harmed: their bodies end, and they are answered.
    await first.write(body.slice(-1));
    await second.write(body.slice(-1));
    expect((await first.answer()).status).toBe(201);
    expect((await second.answer()).status).toBe(201);
    await idle.write(requestBytes("GET", "/health", { connection: "close" }));
    expect((await idle.answer()).status).toBe(200);
    for (const exchange of [first, second, idle]) exchange.socket.destroy();
    // The refused POST never reached the app: the 3 seeded items, and the two admitted.
    await vi.waitFor(async () => expect(await itemCount(port)).toBe(5), { timeout: 10_000, interval: 50 });
  });

  it("a connection that has sent nothing yet is answered the same, and refusals free no place", async () => {
    const port = await start(2);
    await openConnection(port);
    await openConnection(port);
    for (let attempt = 0; attempt < 5; attempt++) {
      const refused = await connect(port);
      const answer = await refused.answer();
      expect(answer.status).toBe(503);
      expect(JSON.parse(rawBody(answer))).toEqual(refusal);
      expect(await refused.serverClosed()).toBe(true);
    }
    // Had the refused connections counted as closing open ones, this one would be served.
    expect((await (await connect(port, requestBytes("GET", "/health", {}))).answer()).status).toBe(503);
  });

  it("a place freed by a closing connection goes to the next one", async () => {
    const port = await start(1);
    const open = await openConnection(port);
    expect((await (await connect(port, requestBytes("GET", "/health", {}))).answer()).status).toBe(503);
    open.socket.destroy();
    // The server sees the close a moment after the client: until then, a 503 changes nothing.
    await vi.waitFor(async () => expect((await (await connect(port, requestBytes("GET", "/health", {}))).answer()).status).toBe(200), {
      timeout: 10_000,
      interval: 50,
    });
  });
});

describe("the maxConnections option", () => {
  it("is a whole number from 1 up, or Infinity; anything else stops serve with a RangeError", async () => {
    await expectOptionRefused("maxConnections", "a whole number from 1 up, or Infinity for no limit", [0, -1, 1.5, Number.NaN]);
  });

  it("may be Infinity: no connection is refused", async () => {
    const port = await connections.serve(await exampleApp(), { maxConnections: Number.POSITIVE_INFINITY });
    await Promise.all(Array.from({ length: 10 }, () => openConnection(port)));
  });
});
