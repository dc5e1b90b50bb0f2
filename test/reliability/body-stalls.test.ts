import { describe, expect, it } from "vitest";
import type { ServeOptions } from "honest/node";
import { exampleApp } from "../support/example.js";
import { rawConnections } from "../support/raw-connections.js";
import { type RawExchange, rawBody, requestBytes } from "../support/raw-socket.js";
import { problem } from "../support/problem.js";
import { expectOptionRefused } from "../support/serve-options.js";

// serve's bodyIdleTimeout on a real socket (docs/reference/limits.md, "Bodies
// held at once, and connections"): a body being read that sends no byte for
// the limit is answered 408 with a problem document and its connection
// closed, JSON or form, whether it stopped mid-way or never began; a client
// that keeps sending, however slowly, is read whole.

const connections = rawConnections();
const connect = connections.connect;

const LIMIT = 500;
const json = { "content-type": "application/json" };

async function start(
  options: ServeOptions = { bodyIdleTimeout: LIMIT },
  appOptions: Parameters<typeof exampleApp>[0] = {},
): Promise<number> {
  return connections.serve(await exampleApp(appOptions), options);
}

/** A valid CreateDto of exactly `size` bytes. */
function item(size: number): string {
  const frame = JSON.stringify({ name: "", price: 1 });
  return JSON.stringify({ name: "x".repeat(size - frame.length), price: 1 });
}

async function itemCount(port: number): Promise<number> {
  const exchange = await connect(port, requestBytes("GET", "/items", { connection: "close" }));
  return (JSON.parse(rawBody(await exchange.answer())) as unknown[]).length;
}

/** Waits for the stalled exchange's answer, checks it is the 408 and that the connection closes, and how long it took. */
async function expectStalled(exchange: RawExchange, since: number): Promise<void> {
  const answer = await exchange.answer(10_000);
  const waited = performance.now() - since;
  expect(answer.status).toBe(408);
  expect(answer.text).toMatch(/\r\nconnection: close\r\n/);
  expect(answer.text).toMatch(/\r\ncontent-type: application\/problem\+json\r\n/);
  expect(JSON.parse(rawBody(answer))).toEqual(
    problem(408, "Request Timeout", `the request body stalled: no byte of it arrived for ${LIMIT} ms`),
  );
  expect(await exchange.serverClosed(10_000)).toBe(true);
  // Never before the limit; the bound above is only the wait's.
  expect(waited).toBeGreaterThanOrEqual(LIMIT - 50);
}

describe("a body that stops arriving", () => {
  it("is answered 408 after bodyIdleTimeout, its connection closed, the store unchanged: stopped mid-way", async () => {
    const port = await start();
    const body = item(1000);
    const since = performance.now();
    const stalled = await connect(port, requestBytes("POST", "/items", { ...json, "content-length": "1000" }, body.slice(0, 500)));
    await expectStalled(stalled, since);
    expect(await itemCount(port)).toBe(3);
  });

  it("is answered the same when it sent its head and nothing of its body, chunked", async () => {
    const port = await start();
    const since = performance.now();
    await expectStalled(await connect(port, requestBytes("POST", "/items", { ...json, "transfer-encoding": "chunked" })), since);
  });

  it("is answered the same for a multipart form stopped mid-way", async () => {
    const port = await start();
    const boundary = "stalled-form";
    const head = `--${boundary}\r\ncontent-disposition: form-data; name="photo"; filename="p.bin"\r\ncontent-type: application/octet-stream\r\n\r\n`;
    const since = performance.now();
    const stalled = await connect(
      port,
      requestBytes(
        "POST",
        "/items/1/photo",
        { "content-type": `multipart/form-data; boundary=${boundary}`, "content-length": "1000" },
        `${head}${"p".repeat(100)}`,
      ),
    );
    await expectStalled(stalled, since);
  });

  it("is seen by renderError as check body-timeout", async () => {
    const seen: string[] = [];
    const port = await start(
      { bodyIdleTimeout: LIMIT },
      {
        renderError: (problem) => {
          seen.push(problem.check);
          return Response.json({ error: problem.detail }, { status: problem.status });
        },
      },
    );
    const stalled = await connect(port, requestBytes("POST", "/items", { ...json, "content-length": "1000" }, "{"));
    const answer = await stalled.answer(10_000);
    expect(answer.status).toBe(408);
    expect(JSON.parse(rawBody(answer))).toEqual({ error: `the request body stalled: no byte of it arrived for ${LIMIT} ms` });
    expect(seen).toEqual(["body-timeout"]);
  });
});

describe("a client that keeps sending", () => {
  it("is read whole however long the body takes: a piece every 150 ms for 2 s, four times the limit", async () => {
    const port = await start();
    const body = item(1400);
    const exchange = await connect(port, requestBytes("POST", "/items", { ...json, "content-length": "1400" }));
    for (let at = 0; at < body.length; at += 100) {
      await new Promise((resolve) => setTimeout(resolve, 150));
      await exchange.write(body.slice(at, at + 100));
    }
    expect((await exchange.answer(10_000)).status).toBe(201);
  });
});

describe("the bodyIdleTimeout option", () => {
  it("is a whole number of milliseconds from 0 up; anything else stops serve with a RangeError", async () => {
    await expectOptionRefused("bodyIdleTimeout", "a whole number of milliseconds from 0 up, 0 for no limit", [
      -1,
      0.5,
      Number.NaN,
      Number.POSITIVE_INFINITY,
    ]);
  });

  it("may be 0: a stalled body waits for Node's requestTimeout instead", async () => {
    const port = await start({ bodyIdleTimeout: 0, requestTimeout: 2_000 });
    const stalled = await connect(port, requestBytes("POST", "/items", { ...json, "content-length": "1000" }, "{"));
    const answer = await stalled.answer(10_000);
    expect(answer.status).toBe(408);
    expect(JSON.parse(rawBody(answer)).detail).toBe("the request was not received in time");
  });
});
