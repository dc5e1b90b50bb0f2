import { appReady, closeApp } from "honest";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createExampleApp } from "../../example/src/app.js";
import { CurrentUser } from "../../example/src/auth/current-user.js";
import { ItemStore } from "../../example/src/items/item-store.js";
import { MemoryItemStore } from "../../example/src/items/memory-item-store.js";
import { json, problemOf } from "../support/example.js";
import { EXAMPLE_ROUTE_TABLE } from "../support/example-route-table.js";

// docs/guide/testing-with-vitest.md, "Testing with Vitest": the example's TypeScript sources, imported
// as they are and compiled by honest/vite (this Vitest project's plugin, with
// example/tsconfig.json), answer as the example tspc builds does. One app
// for the file, as docs/guide/testing-with-vitest.md shows it: its database
// (PGlite in memory) opened and migrated by appReady, closed by closeApp.

const example = createExampleApp({ log: false });
const app = () => example;
beforeAll(() => appReady(example));
afterAll(() => closeApp(example));

afterEach(() => {
  vi.restoreAllMocks();
});

describe("the example, from its TypeScript sources", () => {
  it("prints the example's route table: createApp() found every controller of the program", async () => {
    const printed = vi.spyOn(console, "log").mockImplementation(() => {});
    const another = createExampleApp();
    expect(printed.mock.calls).toEqual([[EXAMPLE_ROUTE_TABLE]]);
    await closeApp(another);
  });

  it("serves the OpenAPI document with the info the tsconfig's honest plugin entry gives", async () => {
    const response = await app().request("/openapi.json");
    expect(response.status).toBe(200);
    expect(((await response.json()) as { info: unknown }).info).toEqual({
      title: "honest example: items, todos and posts",
      version: "1.0.0",
      contact: { name: "honest contributors", url: "https://github.com/honest-ts/honest" },
      license: { name: "MIT", identifier: "MIT" },
    });
  });

  it("GET /items/{id} parses the i64 path parameter and writes the item", async () => {
    const response = await app().request("/items/1");
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('{"id":1,"name":"keyboard","price":49.5,"tags":["input","usb"],"inStock":true}');
    const refused = await app().request("/items/abc");
    expect(refused.status).toBe(400);
    expect((await problemOf(refused)).detail).toContain('"id"');
  });

  it("GET /items reads Query<ItemFilter>, constraints checked", async () => {
    const page = await app().request("/items?tag=input&limit=1&offset=1");
    expect(((await page.json()) as { name: string }[]).map((item) => item.name)).toEqual(["mouse"]);
    const refused = await app().request("/items?limit=0");
    expect(refused.status).toBe(400);
    expect((await problemOf(refused)).errors).toEqual([{ path: "query.limit", expected: "number at least 1", got: "0" }]);
  });

  it("POST /items checks the JSON body and lists every fault", async () => {
    const created = await app().request("/items", json({ name: "cable", price: 5, tags: ["usb"] }));
    expect(created.status).toBe(201);
    expect(created.headers.get("location")).toBe("/items/4");
    const refused = await app().request("/items", json({ name: 5, tags: ["a", 2] }));
    expect(refused.status).toBe(400);
    expect((await problemOf(refused)).errors).toEqual([
      { path: "$.name", expected: "string", got: "5" },
      { path: "$.price", expected: "number", got: "missing" },
      { path: "$.tags[1]", expected: "string", got: "2" },
    ]);
  });

  it("GET /users/{user_id}/posts/{post_id} gets both ids and its injected components", async () => {
    const response = await app().request("/users/1/posts/2");
    expect(await response.text()).toBe('{"id":2,"userId":1,"author":"ada","title":"post 2 of user 1","site":"honest example"}');
  });

  it("GET /me runs the CurrentUser resolver, which a test can replace with a provider", async () => {
    expect(await (await app().request("/me", { headers: { authorization: "Bearer grace-token" } })).json()).toEqual({
      id: 2,
      name: "grace",
    });
    expect((await app().request("/me")).status).toBe(401);
    // The class imported here is the one the compiled controllers use: one module graph.
    // Its items in memory: this app is about the resolver, and needs no database of its own.
    const signedIn = createExampleApp({
      log: false,
      providers: [
        [CurrentUser, { resolve: () => ({ id: 9n, name: "test" }) }],
        [ItemStore, new MemoryItemStore()],
      ],
    });
    expect(await (await signedIn.request("/me")).json()).toEqual({ id: 9, name: "test" });
  });
});
