import { beforeAll, describe, expect, it } from "vitest";
import type { Hono } from "hono";
import { exampleApp, problemOf } from "../support/example.js";
import { rawBody, rawExchange, type RawAnswer } from "../support/raw-socket.js";
import { itemCount, serveExample } from "../support/served-example.js";

// The headers that decide how a body is read, and the host: where a proxy in
// front and the app could read a request differently (the first of two values
// against the last, an encoding one side undoes and the other does not),
// honest refuses it rather than guess, and nothing changes.

const BODY = '{"name":"framed","price":1}';

let app: Hono;
const example = serveExample();
beforeAll(async () => {
  app = await exampleApp();
});

/** Sends raw header lines (each "name: value") and the body, on a connection of its own. */
async function send(method: string, path: string, headerLines: readonly string[], body = ""): Promise<RawAnswer> {
  const exchange = await rawExchange(
    example.port,
    `${method} ${path} HTTP/1.1\r\n${headerLines.join("\r\n")}\r\nconnection: close\r\n\r\n${body}`,
  );
  const answer = await exchange.answer();
  exchange.socket.destroy();
  return answer;
}

const post = (headerLines: readonly string[], body = BODY) =>
  send("POST", "/items", ["host: 127.0.0.1", ...headerLines, `content-length: ${Buffer.byteLength(body)}`], body);

function problem(answer: RawAnswer): { status: number; detail: string } {
  expect(answer.text).toMatch(/\r\ncontent-type: application\/problem\+json\r\n/i);
  return JSON.parse(rawBody(answer)) as { status: number; detail: string };
}

describe("content-type given twice", () => {
  it("is refused with 415 on a socket, whichever comes first", async () => {
    const before = await itemCount(example.base);
    for (const types of [
      ["application/json", "text/plain"],
      ["text/plain", "application/json"],
      ["application/json", "application/json"],
    ]) {
      const answer = await post(types.map((type) => `content-type: ${type}`));
      expect(answer.status, types.join(" + ")).toBe(415);
      expect(problem(answer).detail).toBe(
        `expected a JSON body with content-type application/json; got more than one content-type: ${JSON.stringify(types.join(", "))}`,
      );
    }
    expect(await itemCount(example.base)).toBe(before);
  });

  it("is refused the same through app.request", async () => {
    const headers = new Headers([
      ["content-type", "application/json"],
      ["content-type", "text/plain"],
    ]);
    const response = await app.request("/items", { method: "POST", headers, body: BODY });
    expect(response.status).toBe(415);
    expect((await problemOf(response)).detail).toContain("more than one content-type");
  });
});

describe("content-encoding", () => {
  it.each(["gzip", "deflate", "br", "GZIP", "gzip, identity", "identity, gzip"])(
    "%s is refused with 415: honest decodes none",
    async (encoding) => {
      const before = await itemCount(example.base);
      const answer = await post(["content-type: application/json", `content-encoding: ${encoding}`]);
      expect(answer.status).toBe(415);
      expect(problem(answer).detail).toBe(
        `the request body has content-encoding ${JSON.stringify(encoding)}, which honest does not decode; send it without one`,
      );
      expect(await itemCount(example.base)).toBe(before);
    },
  );

  it("identity is no encoding, and is read", async () => {
    expect((await post(["content-type: application/json", "content-encoding: identity"])).status).toBe(201);
  });

  it("is refused the same through app.request", async () => {
    const response = await app.request("/items", {
      method: "POST",
      headers: { "content-type": "application/json", "content-encoding": "gzip" },
      body: BODY,
    });
    expect(response.status).toBe(415);
  });
});

describe("transfer-encoding", () => {
  const chunked = `${Buffer.byteLength(BODY).toString(16)}\r\n${BODY}\r\n0\r\n\r\n`;
  /** POSTs the chunked item with these framing header lines beside its host and content-type. */
  const sendChunked = (...framing: string[]) =>
    send("POST", "/items", ["host: 127.0.0.1", "content-type: application/json", ...framing], chunked);

  it("chunked is read", async () => {
    const answer = await sendChunked("transfer-encoding: chunked");
    expect(answer.status).toBe(201);
  });

  it("a coding before chunked, which Node's parser leaves undone, is refused with 400", async () => {
    const before = await itemCount(example.base);
    const answer = await sendChunked("transfer-encoding: gzip, chunked");
    expect(answer.status).toBe(400);
    expect(problem(answer).detail).toBe('the request body has transfer-encoding "gzip, chunked"; only "chunked" is read');
    expect(await itemCount(example.base)).toBe(before);
  });

  it("two transfer-encoding lines, or one beside content-length, are refused by Node's parser, answered as a problem", async () => {
    const twice = await sendChunked("transfer-encoding: chunked", "transfer-encoding: chunked");
    expect(twice.status).toBe(400);
    expect(problem(twice).detail).toMatch(/^the request is not valid HTTP\/1\.1: /);
    const both = await sendChunked("transfer-encoding: chunked", "content-length: 5");
    expect(both.status).toBe(400);
  });
});

describe("content-length", () => {
  it("given twice, or as a list, is refused by Node's parser, answered as a problem", async () => {
    const length = Buffer.byteLength(BODY);
    for (const lines of [[`content-length: ${length}`, `content-length: ${length}`], [`content-length: ${length}, ${length}`]]) {
      const answer = await send("POST", "/items", ["host: 127.0.0.1", "content-type: application/json", ...lines], BODY);
      expect(answer.status, lines.join(" + ")).toBe(400);
      expect(problem(answer).detail).toMatch(/^the request is not valid HTTP\/1\.1: /);
    }
  });
});

describe("host", () => {
  it("given twice is refused with 400: a proxy may route by one and the app read the other", async () => {
    const answer = await send("GET", "/health", ["host: 127.0.0.1", "host: evil.example"]);
    expect(answer.status).toBe(400);
    expect(problem(answer).detail).toBe(
      "the request's host header and target do not make a valid URL; send one host header naming one host",
    );
  });

  it("missing is refused with 400, from HTTP/1.1 and HTTP/1.0 alike", async () => {
    for (const version of ["1.1", "1.0"]) {
      const exchange = await rawExchange(example.port, `GET /health HTTP/${version}\r\n\r\n`);
      const answer = await exchange.answer();
      exchange.socket.destroy();
      expect(answer.status, version).toBe(400);
      expect(problem(answer).detail).toBe("the request has no host header");
    }
  });

  it("one host is served", async () => {
    expect((await send("GET", "/health", ["host: 127.0.0.1"])).status).toBe(200);
  });
});
