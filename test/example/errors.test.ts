import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Hono } from "hono";
import { exampleApp, exampleModule, json, problemOf } from "../support/example.js";
import { problem } from "../support/problem.js";

// docs/guide/errors.md, "Errors": every error answer is an RFC 9457 problem document, and a bad
// request never reaches the handler nor changes state.

let app: Hono;
beforeEach(async () => {
  app = await exampleApp();
});
afterEach(() => {
  vi.restoreAllMocks();
});

async function itemCount(): Promise<number> {
  return ((await (await app.request("/items")).json()) as unknown[]).length;
}

describe("404", () => {
  it("answers a path no route matches", async () => {
    const response = await app.request("/nope");
    expect(response.status).toBe(404);
    expect(await problemOf(response)).toEqual(problem(404, "Not Found", "no route matches GET /nope"));
  });

  it("answers a matched path with more segments", async () => {
    expect((await app.request("/items/1/2")).status).toBe(404);
  });
});

describe("405", () => {
  it("answers a known path with another method, listing the allowed ones", async () => {
    const response = await app.request("/items", { method: "DELETE" });
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("GET, HEAD, POST");
    expect(await problemOf(response)).toEqual(
      problem(405, "Method Not Allowed", "DELETE is not allowed on /items; allowed: GET, HEAD, POST"),
    );
  });

  it("applies to parametric paths, whatever the parameter's value", async () => {
    const response = await app.request("/items/abc", { method: "POST" });
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("GET, HEAD, PUT, DELETE, PATCH");
  });

  it("covers methods honest has no decorator for (OPTIONS is the example's cors())", async () => {
    const response = await app.request("/health", { method: "PROPFIND" });
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("GET, HEAD");
  });
});

describe("400 for a path parameter", () => {
  it("names the parameter and the expected type", async () => {
    const response = await app.request("/items/abc");
    expect(response.status).toBe(400);
    expect(await problemOf(response)).toEqual(
      problem(
        400,
        "Bad Request",
        `path parameter "id" must be a 64-bit integer: decimal digits with an optional '-', from -9223372036854775808 to 9223372036854775807; got "abc"`,
      ),
    );
  });

  it("checks the path before the body, and changes nothing", async () => {
    const response = await app.request("/items/x", { method: "PUT", body: "not json" });
    expect(response.status).toBe(400);
    expect(((await problemOf(response)) as { detail: string }).detail).toContain('"id"');
  });
});

describe("400 for a body that is not JSON", () => {
  it.each([
    ["a malformed", "{", /^the request body is not valid JSON: /],
    ["a trailing garbage", '{"name":"x"} x', /^the request body is not valid JSON: /],
    ["a a JavaScript literal", "{name: 'x'}", /^the request body is not valid JSON: /],
    ["an empty", "", /^the request body is empty; expected a JSON document$/],
    ["an blank", "  \n", /^the request body is empty; expected a JSON document$/],
  ])("rejects %s body", async (_kind, body, detail) => {
    const response = await app.request("/items", { method: "POST", headers: { "content-type": "application/json" }, body });
    expect(response.status).toBe(400);
    const problem = await problemOf(response);
    expect(problem).toMatchObject({ title: "Bad Request", status: 400 });
    expect(problem.detail).toMatch(detail);
    expect(await itemCount()).toBe(3);
  });

  it("rejects a body that is not UTF-8", async () => {
    const response = await app.request("/items", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: new Uint8Array([0x22, 0xff, 0x22]),
    });
    expect(response.status).toBe(400);
    expect((await problemOf(response)).detail).toBe("the request body is not valid UTF-8");
  });
});

describe("415", () => {
  it.each([
    ["text/plain", "text/plain"],
    ["a form", "application/x-www-form-urlencoded"],
    ["a near miss", "application/jsonx"],
  ])("rejects %s", async (_kind, type) => {
    const response = await app.request("/items", { method: "POST", headers: { "content-type": type }, body: '{"name":"x","price":1}' });
    expect(response.status).toBe(415);
    expect(await problemOf(response)).toEqual(
      problem(415, "Unsupported Media Type", `expected a JSON body with content-type application/json; got ${JSON.stringify(type)}`),
    );
    expect(await itemCount()).toBe(3);
  });

  it("rejects a body without a content type", async () => {
    const response = await app.request("/items", { method: "POST", body: new TextEncoder().encode('{"name":"x","price":1}') });
    expect(response.status).toBe(415);
    expect((await problemOf(response)).detail).toBe("expected a JSON body with content-type application/json; got no content-type");
  });

  it.each([
    "application/json",
    "Application/JSON",
    "application/json; charset=utf-8",
    "application/JSON;charset=UTF-8",
    "application/merge-patch+json",
  ])("accepts %s", async (type) => {
    const response = await app.request("/items", { method: "POST", headers: { "content-type": type }, body: '{"name":"x","price":1}' });
    expect(response.status).toBe(201);
  });
});

describe("413", () => {
  const big = JSON.stringify({ name: "x".repeat(2 * 1024 * 1024), price: 1 });

  it("rejects a declared content-length over the limit before reading the body", async () => {
    const response = await app.request("/items", json(JSON.parse(big)));
    expect(response.status).toBe(413);
    expect(await problemOf(response)).toEqual(
      problem(413, "Content Too Large", "the request body is larger than the limit of 1048576 bytes"),
    );
    expect(await itemCount()).toBe(3);
  });

  it("counts a chunked body without content-length as it arrives", async () => {
    let pulled = 0;
    const chunk = new TextEncoder().encode(" ".repeat(64 * 1024));
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled++;
        if (pulled > 100)
          controller.close(); // 6.4 MB, far past the limit
        else controller.enqueue(chunk);
      },
    });
    const request = new Request("http://localhost/items", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body,
      duplex: "half",
    } as RequestInit);
    expect(request.headers.get("content-length")).toBeNull();
    const response = await app.request(request);
    expect(response.status).toBe(413);
    expect(pulled).toBeLessThan(30);
    expect(await itemCount()).toBe(3);
  });

  it("follows createApp({ bodyLimit })", async () => {
    const small = await exampleApp({ bodyLimit: 22 });
    expect(JSON.stringify({ name: "x", price: 1 })).toHaveLength(22);
    expect((await small.request("/items", json({ name: "xy", price: 1 }))).status).toBe(413);
    expect((await small.request("/items", json({ name: "x", price: 1 }))).status).toBe(201);
    expect(await (await small.request("/items/4")).json()).toMatchObject({ name: "x" });
  });
});

describe("handler errors", () => {
  it("answers an HttpError with its status and detail", async () => {
    const response = await app.request("/items/42");
    expect(response.status).toBe(404);
    expect(await problemOf(response)).toEqual({
      type: "about:blank",
      title: "Not Found",
      status: 404,
      detail: "item 42 not found",
      requestId: response.headers.get("x-request-id"),
    });
  });

  it("answers any other throw with a 500 that leaks nothing, and logs it on the server", async () => {
    const { ItemStore } = await exampleModule<{ ItemStore: new () => object }>("items/item-store.js");
    const failing = Object.assign(new ItemStore(), {
      page(): never {
        throw new Error("database password is hunter2");
      },
    });
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const broken = await exampleApp({ providers: [[ItemStore, failing]] });
    const response = await broken.request("/items");
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual(problem(500, "Internal Server Error", "the server failed to complete the request"));
    expect(text).not.toContain("hunter2");
    expect(text).not.toContain("item-store");
    expect(logged).toHaveBeenCalledTimes(1);
    expect(String(logged.mock.calls[0]![0])).toContain("GET /items");
    expect((logged.mock.calls[0]![1] as Error).message).toBe("database password is hunter2");
  });
});
