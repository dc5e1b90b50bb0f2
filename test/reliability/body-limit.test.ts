import { afterEach, describe, expect, it, vi } from "vitest";
import type { RunningServer, ServeOptions } from "honest/node";
import { serveForTest } from "../support/http.js";
import { exampleApp } from "../support/example.js";
import { rawBody, rawExchange, requestBytes } from "../support/raw-socket.js";
import { itemCount } from "../support/served-example.js";
import { problem, problemWithoutId } from "../support/problem.js";

// Bodies larger than the limit, or not what their headers say, on a real
// socket: the limit must hold before the handler runs whatever the framing
// (a declared length, chunks that keep coming), and a body that never
// arrives whole must neither reach the handler nor hang the server.

let running: RunningServer | undefined;
afterEach(async () => {
  vi.restoreAllMocks();
  await running?.close();
  running = undefined;
});

async function start(options: ServeOptions = {}): Promise<number> {
  running = serveForTest(await exampleApp({ bodyLimit: 1024 }), options);
  return (await running.listening).port;
}

const json = { "content-type": "application/json" };

describe("a body over the limit", () => {
  it("is refused with 413 by its declared content-length, before a byte of it is sent", async () => {
    const port = await start();
    const exchange = await rawExchange(port, requestBytes("POST", "/items", { ...json, "content-length": "2048" }));
    const answer = await exchange.answer();
    exchange.socket.destroy();
    expect(answer.status).toBe(413);
    expect(JSON.parse(rawBody(answer))).toEqual(
      problem(413, "Content Too Large", "the request body is larger than the limit of 1024 bytes"),
    );
    expect(await itemCount(`http://127.0.0.1:${port}`)).toBe(3);
  });

  it("is refused with 413 when chunks without a content-length grow past it", async () => {
    const port = await start();
    const chunk = (text: string) => `${text.length.toString(16)}\r\n${text}\r\n`;
    const exchange = await rawExchange(
      port,
      requestBytes("POST", "/items", { ...json, "transfer-encoding": "chunked" }, chunk('{"name":"')),
    );
    // Never ending: the server must answer from what it has counted, not wait for the end.
    for (let sent = 0; sent < 4; sent++) await exchange.write(chunk("x".repeat(512)));
    const answer = await exchange.answer();
    exchange.socket.destroy();
    expect(answer.status).toBe(413);
    expect(JSON.parse(rawBody(answer)).detail).toBe("the request body is larger than the limit of 1024 bytes");
    expect(await itemCount(`http://127.0.0.1:${port}`)).toBe(3);
  });

  it("is refused through app.request too, declared or not", async () => {
    const app = await exampleApp({ bodyLimit: 16 });
    const body = '{"name":"pen","price":2}';
    const declared = await app.request("/items", { method: "POST", headers: json, body });
    expect(declared.status).toBe(413);
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(body));
        controller.close();
      },
    });
    const chunked = await app.request("/items", { method: "POST", headers: json, body: stream, duplex: "half" } as RequestInit);
    expect(chunked.status).toBe(413);
    expect(((await (await app.request("/items")).json()) as unknown[]).length).toBe(3);
  });

  it("at exactly the limit is accepted", async () => {
    const body = '{"name":"pen","price":2}';
    const app = await exampleApp({ bodyLimit: Buffer.byteLength(body) });
    expect((await app.request("/items", { method: "POST", headers: json, body })).status).toBe(201);
  });
});

describe("a body that is not what its headers say", () => {
  it("shorter than its content-length, then the client stops sending: 400 from Node's parser as a problem document, the handler never runs", async () => {
    const port = await start();
    const errors = vi.spyOn(console, "error");
    const exchange = await rawExchange(
      port,
      requestBytes("POST", "/items", { ...json, "content-length": "100" }, '{"name":"short","price":1}'),
    );
    exchange.socket.end(); // no more bytes will come
    const answer = await exchange.answer();
    expect(answer.status).toBe(400);
    expect(JSON.parse(rawBody(answer))).toMatchObject({
      status: 400,
      detail: expect.stringMatching(/^the request is not valid HTTP\/1\.1/),
    });
    expect(await exchange.serverClosed()).toBe(true);
    expect(await itemCount(`http://127.0.0.1:${port}`)).toBe(3);
    expect(errors).not.toHaveBeenCalled(); // a client that leaves is not a server fault
  });

  it("shorter than its content-length on a connection left open: Node's requestTimeout answers 408", async () => {
    const port = await start({ requestTimeout: 500 });
    const exchange = await rawExchange(
      port,
      requestBytes("POST", "/items", { ...json, "content-length": "100" }, '{"name":"short","price":1}'),
    );
    const answer = await exchange.answer(10_000);
    expect(answer.status).toBe(408);
    expect(JSON.parse(rawBody(answer))).toEqual(problemWithoutId(408, "Request Timeout", "the request was not received in time"));
    expect(await exchange.serverClosed()).toBe(true);
    expect(await itemCount(`http://127.0.0.1:${port}`)).toBe(3);
  });

  it("with both content-length and transfer-encoding: 400 from Node's parser, and the connection closed", async () => {
    const port = await start();
    const body = '1a\r\n{"name":"smuggled","price":1}\r\n0\r\n\r\n';
    const exchange = await rawExchange(
      port,
      requestBytes("POST", "/items", { ...json, "content-length": "26", "transfer-encoding": "chunked" }, body),
    );
    const answer = await exchange.answer();
    expect(answer.status).toBe(400);
    expect(JSON.parse(rawBody(answer)).detail).toBe(
      "the request is not valid HTTP/1.1: Transfer-Encoding can't be present with Content-Length",
    );
    expect(await exchange.serverClosed()).toBe(true);
    expect(await itemCount(`http://127.0.0.1:${port}`)).toBe(3);
  });
});
