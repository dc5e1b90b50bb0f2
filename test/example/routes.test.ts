import { beforeEach, describe, expect, it } from "vitest";
import type { Hono } from "hono";
import { exampleApp, json } from "../support/example.js";

// Every route of the example app, through app.request (no server): the
// reference routes and every route shape of docs/guide/controllers-and-routes.md's "Controllers and routes".

let app: Hono;
beforeEach(async () => {
  app = await exampleApp();
});

const keyboard = { id: 1, name: "keyboard", price: 49.5, tags: ["input", "usb"], inStock: true };
const mouse = { id: 2, name: "mouse", price: 19.99, tags: ["input"], inStock: true };
const monitor = { id: 3, name: "monitor", price: 189, tags: ["display"], inStock: false };

describe("reference routes", () => {
  it("GET / welcomes with the configured name", async () => {
    const response = await app.request("/");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/json");
    expect(await response.json()).toEqual({ name: "honest example", version: "1.0.0", routes: "see the route table printed at startup" });
  });

  it("GET / reads AppConfig from the environment", async () => {
    process.env.APP_NAME = "configured by env";
    try {
      const configured = await exampleApp();
      expect(await (await configured.request("/")).json()).toMatchObject({ name: "configured by env" });
      expect(await (await configured.request("/users/1/posts/1")).json()).toMatchObject({ site: "configured by env" });
    } finally {
      delete process.env.APP_NAME;
    }
  });

  it("GET /health", async () => {
    const response = await app.request("/health");
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('{"status":"ok"}');
  });

  it("GET /info", async () => {
    const response = await app.request("/info");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      name: "honest example",
      version: "1.0.0",
      node: process.version,
      uptimeSeconds: expect.any(Number),
    });
  });

  it("GET /items lists the items, ids as JSON integers", async () => {
    const response = await app.request("/items");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual([keyboard, mouse, monitor]);
  });

  it("GET /items/{id}", async () => {
    expect(await (await app.request("/items/2")).json()).toEqual(mouse);
    const missing = await app.request("/items/99");
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({
      type: "about:blank",
      title: "Not Found",
      status: 404,
      detail: "item 99 not found",
      requestId: missing.headers.get("x-request-id"),
    });
  });

  it("POST /items creates an item: 201, a location, no body", async () => {
    const response = await app.request("/items", json({ name: "cable", price: 5, tags: ["usb"] }));
    expect(response.status).toBe(201);
    expect(response.headers.get("location")).toBe("/items/4");
    expect(await response.text()).toBe("");
    expect(await (await app.request("/items/4")).json()).toEqual({ id: 4, name: "cable", price: 5, tags: ["usb"], inStock: true });
  });

  it("PUT /items/{id} replaces an item", async () => {
    const response = await app.request("/items/1", { ...json({ name: "kb", price: 1, tags: [], inStock: false }), method: "PUT" });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ id: 1, name: "kb", price: 1, tags: [], inStock: false });
    expect((await app.request("/items/9", { ...json({ name: "kb", price: 1, tags: [], inStock: false }), method: "PUT" })).status).toBe(
      404,
    );
  });

  it("DELETE /items/{id} answers 204, then the item is gone", async () => {
    const response = await app.request("/items/3", { method: "DELETE" });
    expect(response.status).toBe(204);
    expect(await response.text()).toBe("");
    expect((await app.request("/items/3")).status).toBe(404);
    expect((await app.request("/items/3", { method: "DELETE" })).status).toBe(404);
  });
});

describe("the other route shapes", () => {
  it("PATCH /items/{id} changes only the given fields", async () => {
    const response = await app.request("/items/2", { ...json({ price: 25 }), method: "PATCH" });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ...mouse, price: 25 });
  });

  it("GET /api/todos through the controller's prefix, its Dates as RFC 3339 text", async () => {
    const response = await app.request("/api/todos");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual([
      { id: 1, title: "write the controllers", done: true, created: "2026-01-05T09:00:00.000Z", due: null },
      { id: 2, title: "build with tspc", done: false, created: "2026-01-05T09:30:00.000Z", due: "2026-01-09T17:00:00.000Z" },
    ]);
    expect((await app.request("/todos")).status).toBe(404);
  });

  it("GET /api/todos?dueBefore= reads a Date from the query string, and refuses what is no RFC 3339 date-time", async () => {
    const due = await app.request("/api/todos?dueBefore=2026-01-09T18:00:00%2B01:00");
    expect((await due.json()).map((todo: { id: number }) => todo.id)).toEqual([]);
    const later = await app.request("/api/todos?dueBefore=2026-01-10T00:00:00Z");
    expect((await later.json()).map((todo: { id: number }) => todo.id)).toEqual([2]);
    const wrong = await app.request("/api/todos?dueBefore=2026-01-10");
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).errors).toEqual([
      { path: "query.dueBefore", expected: "RFC 3339 date-time such as 2026-11-27T16:20:00Z", got: '"2026-01-10"' },
    ]);
  });

  it("GET /users/{user_id}/posts/{post_id} with a tuple of i64 and two injected components", async () => {
    const response = await app.request("/users/1/posts/2");
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('{"id":2,"userId":1,"author":"ada","title":"post 2 of user 1","site":"honest example"}');
    expect((await app.request("/users/3/posts/1")).status).toBe(404);
    const bad = await app.request("/users/1/posts/x");
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { detail: string }).detail).toContain('"post_id"');
  });

  it("GET /items/tagged/{tag} takes a percent-decoded string", async () => {
    await app.request("/items", json({ name: "hub", price: 30, tags: ["usb c"] }));
    expect(await (await app.request("/items/tagged/usb%20c")).json()).toEqual([
      { id: 4, name: "hub", price: 30, tags: ["usb c"], inStock: true },
    ]);
    expect(await (await app.request("/items/tagged/input")).json()).toEqual([keyboard, mouse]);
  });

  it("GET /items/sorted/{order} takes only asc or desc", async () => {
    expect(await (await app.request("/items/sorted/asc")).json()).toEqual([mouse, keyboard, monitor]);
    expect(await (await app.request("/items/sorted/desc")).json()).toEqual([monitor, keyboard, mouse]);
    expect((await app.request("/items/sorted/up")).status).toBe(400);
  });

  it("GET /items/in-stock/{inStock} takes only true or false", async () => {
    expect(await (await app.request("/items/in-stock/false")).json()).toEqual([monitor]);
    expect((await app.request("/items/in-stock/yes")).status).toBe(400);
  });

  it("GET /items/{id}/quote/{quantity} takes an i64 and a number", async () => {
    expect(await (await app.request("/items/1/quote/2.5")).json()).toEqual({ item: 1, quantity: 2.5, total: 123.75 });
    expect((await app.request("/items/1/quote/lots")).status).toBe(400);
  });

  it("answers HEAD like GET, without a body", async () => {
    const response = await app.request("/health", { method: "HEAD" });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe("");
  });
});

describe("64-bit ids", () => {
  it("accepts the whole i64 range and rejects the rest", async () => {
    expect((await app.request("/items/9223372036854775807")).status).toBe(404);
    expect((await app.request("/items/-9223372036854775808")).status).toBe(404);
    expect((await app.request("/items/9223372036854775808")).status).toBe(400);
  });
});
