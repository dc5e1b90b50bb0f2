import { beforeAll, describe, expect, it } from "vitest";
import type { Hono } from "hono";
import { exampleApp, problemOf } from "../support/example.js";
import { rawBody, rawExchange, requestBytes } from "../support/raw-socket.js";
import { serveExample } from "../support/served-example.js";

// One reading of the content-type header decides everything: a body is
// either read as JSON and checked against its type, or refused with 415.
// Fastify's CVE-2025-32442 family came from a check and a parser that read
// the header differently; here the same variants go through app.request
// and, byte for byte, through a real socket, and every one that is accepted
// must have been validated (a wrong-shaped body gets 400, never 201).

const valid = '{"name":"pen","price":2}';
const wrongShape = '{"name":"pen","price":"two"}';

const accepted = [
  "application/json",
  "Application/JSON",
  "APPLICATION/JSON; CHARSET=UTF-8",
  "application/json; charset=utf-8",
  'application/json; charset="utf-8"',
  "application/json;charset=utf8",
  "application/json\t; charset=utf-8",
  "application/json ;charset=utf-8",
  "application/merge-patch+json",
  "application/vnd.api+json; charset=utf-8",
];

const refused = [
  "text/plain",
  "text/json",
  "application/jsonx",
  "application/json-patch",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=x",
  "application/json; charset=latin1",
  "application/json; charset=utf-16",
  "json",
  "",
];

let app: Hono;
const example = serveExample();
beforeAll(async () => {
  app = await exampleApp();
});

async function overSocket(contentType: string | undefined, body: string): Promise<{ status: number | undefined; body: string }> {
  const headers: Record<string, string> = { "content-length": String(Buffer.byteLength(body)), connection: "close" };
  if (contentType !== undefined) headers["content-type"] = contentType;
  const exchange = await rawExchange(example.port, requestBytes("POST", "/items", headers, body));
  const answer = await exchange.answer();
  exchange.socket.destroy();
  return { status: answer.status, body: rawBody(answer) };
}

describe("a JSON content type", () => {
  it.each(accepted)("%j is read as JSON and validated, through app.request", async (contentType) => {
    expect((await app.request("/items", { method: "POST", headers: { "content-type": contentType }, body: wrongShape })).status).toBe(400);
    expect((await app.request("/items", { method: "POST", headers: { "content-type": contentType }, body: valid })).status).toBe(201);
  });

  it.each(accepted)("%j is read as JSON and validated, on a socket", async (contentType) => {
    const shape = await overSocket(contentType, wrongShape);
    expect(shape.status).toBe(400);
    expect(JSON.parse(shape.body).errors).toEqual([{ path: "$.price", expected: "number", got: '"two"' }]);
    expect((await overSocket(contentType, valid)).status).toBe(201);
  });

  it("with leading whitespace is the same header: HTTP parsers trim it", async () => {
    expect((await overSocket("   application/json", wrongShape)).status).toBe(400);
    expect(
      (await app.request("/items", { method: "POST", headers: { "content-type": " application/json" }, body: wrongShape })).status,
    ).toBe(400);
  });
});

describe("any other content type", () => {
  it.each(refused)("%j gets 415 naming it, through app.request", async (contentType) => {
    const response = await app.request("/items", { method: "POST", headers: { "content-type": contentType }, body: valid });
    expect(response.status).toBe(415);
    expect((await problemOf(response)).detail).toContain(JSON.stringify(contentType));
  });

  it.each(refused.filter((type) => type !== ""))("%j gets 415, on a socket", async (contentType) => {
    expect((await overSocket(contentType, valid)).status).toBe(415);
  });

  it("a missing header gets 415, both ways", async () => {
    expect((await overSocket(undefined, valid)).status).toBe(415);
    // A string body would get text/plain from the Request constructor; bytes get no content type.
    const response = await app.request("/items", { method: "POST", body: new TextEncoder().encode(valid) });
    expect(response.status).toBe(415);
    expect((await problemOf(response)).detail).toBe("expected a JSON body with content-type application/json; got no content-type");
  });

  it("a charset other than UTF-8 says so", async () => {
    const response = await app.request("/items", {
      method: "POST",
      headers: { "content-type": "application/json; charset=iso-8859-1" },
      body: valid,
    });
    expect(await problemOf(response)).toMatchObject({
      status: 415,
      detail: 'a JSON body must be UTF-8; got content-type "application/json; charset=iso-8859-1"',
    });
  });

  it("changes nothing", async () => {
    const before = await (await app.request("/items")).text();
    for (const contentType of refused)
      await app.request("/items", { method: "POST", headers: { "content-type": contentType }, body: valid });
    expect(await (await app.request("/items")).text()).toBe(before);
  });
});
