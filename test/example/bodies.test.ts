import { beforeEach, describe, expect, it } from "vitest";
import type { Hono } from "hono";
import { exampleApp, json, problemOf } from "../support/example.js";
import { problem } from "../support/problem.js";

// The example's POST /items, PUT /items/{id} and PATCH /items/{id} reject
// every wrong body with a precise 400 and change nothing; a valid body
// reaches the store with only its declared properties.

let app: Hono;
beforeEach(async () => {
  app = await exampleApp();
});

const keyboard = { id: 1, name: "keyboard", price: 49.5, tags: ["input", "usb"], inStock: true };

async function items(): Promise<unknown> {
  return (await app.request("/items")).json();
}

async function send(method: string, path: string, body: unknown) {
  return app.request(path, { ...json(body), method });
}

describe("wrong bodies", () => {
  it.each(["POST /items", "PUT /items/1", "PATCH /items/1"])("%s lists every wrong field and changes nothing", async (route) => {
    const [method, path] = route.split(" ");
    const before = await items();
    const response = await send(method, path, { name: 7, price: "cheap", tags: ["a", 1], inStock: "yes" });
    expect(response.status).toBe(400);
    expect(await problemOf(response)).toEqual(
      problem(400, "Bad Request", "the request body does not match its declared type (4 errors)", {
        errors: [
          { path: "$.name", expected: "string", got: "7" },
          { path: "$.price", expected: "number", got: '"cheap"' },
          { path: "$.tags[1]", expected: "string", got: "1" },
          { path: "$.inStock", expected: "boolean", got: '"yes"' },
        ],
      }),
    );
    expect(await items()).toEqual(before);
  });

  it("POST and PUT name the required fields that are missing", async () => {
    const created = await send("POST", "/items", { tags: [] });
    expect((await problemOf(created)).errors).toEqual([
      { path: "$.name", expected: "string", got: "missing" },
      { path: "$.price", expected: "number", got: "missing" },
    ]);
    const replaced = await send("PUT", "/items/1", { name: "kb" });
    expect((await problemOf(replaced)).errors).toEqual([
      { path: "$.price", expected: "number", got: "missing" },
      { path: "$.tags", expected: "array", got: "missing" },
      { path: "$.inStock", expected: "boolean", got: "missing" },
    ]);
    expect(await (await app.request("/items/1")).json()).toEqual(keyboard);
  });

  it("a body that is not an object is one fault at $", async () => {
    for (const [body, got] of [
      [[], "array of 0 items"],
      ["text", '"text"'],
      [null, "null"],
      [5, "5"],
    ] as const) {
      const response = await send("PATCH", "/items/1", body);
      expect((await problemOf(response)).errors).toEqual([{ path: "$", expected: "object", got }]);
    }
  });

  it("checks the path parameter before the body", async () => {
    const response = await send("PUT", "/items/abc", { name: 7 });
    expect(await problemOf(response)).toMatchObject({ status: 400, detail: expect.stringContaining('path parameter "id"') });
  });
});

describe("valid bodies", () => {
  it("PATCH passes on only the fields it declares", async () => {
    const response = await send("PATCH", "/items/1", { price: 10, id: 99, secret: "x" });
    expect(await response.json()).toEqual({ ...keyboard, price: 10 });
    expect(await (await app.request("/items/1")).json()).toEqual({ ...keyboard, price: 10 });
  });

  it("POST stores only declared fields, and responses carry only declared fields", async () => {
    const response = await send("POST", "/items", { name: "cable", price: 5, admin: true });
    expect(response.status).toBe(201);
    const created = await (await app.request(response.headers.get("location")!)).text();
    expect(created).toBe('{"id":4,"name":"cable","price":5,"tags":[],"inStock":true}');
  });
});
