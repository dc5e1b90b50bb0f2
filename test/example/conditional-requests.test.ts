import type { Hono } from "hono";
import type { RunningServer } from "honest/node";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createClient } from "../../example/client/api.js";
import { exampleApp, exampleModule, problemOf } from "../support/example.js";
import { serveForTest } from "../support/http.js";

// docs/guide/conditional-requests.md, "Conditional requests", on the example over a real server: GET /items/{id}
// sends the item's version (ItemVersion, a hash of its fields) as its ETag and answers 304 to it without running
// its handler; PUT /items/{id} answers 412 to a stale If-Match without reading the body or running its handler,
// and its answer carries the new version.

type Store = { replace(id: bigint, dto: unknown): unknown; find(id: bigint): unknown };
type MemoryStore = new () => Store;

let app: Hono;
let server: RunningServer;
let base: string;
/** The store's replace and find calls: find is the resolver's, and the GET handler's; replace the PUT handler's. */
let calls: { replace: number; find: number };

beforeEach(async () => {
  const [{ MemoryItemStore }, { ItemStore }] = await Promise.all([
    exampleModule<{ MemoryItemStore: MemoryStore }>("items/memory-item-store.js"),
    exampleModule<{ ItemStore: abstract new () => unknown }>("items/item-store.js"),
  ]);
  calls = { replace: 0, find: 0 };
  const store = new MemoryItemStore();
  const replace = store.replace.bind(store);
  const find = store.find.bind(store);
  store.replace = (id, dto) => {
    calls.replace++;
    return replace(id, dto);
  };
  store.find = (id) => {
    calls.find++;
    return find(id);
  };
  app = await exampleApp({ providers: [[ItemStore as never, store]] });
  server = serveForTest(app);
  base = `http://127.0.0.1:${(await server.listening).port}`;
});

afterEach(() => server.close());

const keyboard = { name: "keyboard", price: 49.5, tags: ["input", "usb"], inStock: true };

function put(etag: string | undefined, body: string): Promise<Response> {
  return fetch(`${base}/items/1`, {
    method: "PUT",
    headers: { "content-type": "application/json", ...(etag !== undefined && { "if-match": etag }) },
    body,
  });
}

describe("GET /items/{id}", () => {
  it("sends the item's version as a strong ETag, with Cache-Control, and answers 304 to it before the handler runs", async () => {
    const first = await fetch(`${base}/items/1`);
    expect(first.status).toBe(200);
    const etag = first.headers.get("etag");
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{16}"$/);
    expect(first.headers.get("cache-control")).toBe("private, no-cache");
    expect(await first.json()).toEqual({ id: 1, ...keyboard });
    // The resolver's find, and the handler's.
    expect(calls.find).toBe(2);
    const again = await fetch(`${base}/items/1`, { headers: { "if-none-match": etag! } });
    expect(again.status).toBe(304);
    expect(again.headers.get("etag")).toBe(etag);
    expect(again.headers.get("cache-control")).toBe("private, no-cache");
    expect(again.headers.get("content-length") ?? "0").toBe("0");
    expect(await again.text()).toBe("");
    // The resolver's find alone: the handler did not run.
    expect(calls.find).toBe(3);
    // Another item has another version.
    expect((await fetch(`${base}/items/2`)).headers.get("etag")).not.toBe(etag);
  });

  it("still answers 404 for an item there is none of, without an ETag, If-None-Match: * or not", async () => {
    const missing = await fetch(`${base}/items/99`, { headers: { "if-none-match": "*" } });
    expect(missing.status).toBe(404);
    expect(missing.headers.get("etag")).toBeNull();
    expect(await problemOf(missing)).toMatchObject({ status: 404, detail: "item 99 not found" });
  });
});

describe("PUT /items/{id}", () => {
  it("answers 412 to a stale If-Match without reading the body or running the handler, and leaves the item as it was", async () => {
    const stale = await put('"not-its-version"', "{ not json");
    expect(stale.status).toBe(412);
    expect(await problemOf(stale)).toMatchObject({
      type: "about:blank",
      title: "Precondition Failed",
      status: 412,
      detail: "If-Match lists no current entity tag of the resource",
    });
    expect(calls.replace).toBe(0);
    expect(await (await fetch(`${base}/items/1`)).json()).toEqual({ id: 1, ...keyboard });
  });

  it("writes with the current If-Match, answers the new version, and refuses the old one after", async () => {
    const { headers } = await fetch(`${base}/items/1`);
    const before = headers.get("etag")!;
    const written = await put(before, JSON.stringify({ ...keyboard, price: 45 }));
    expect(written.status).toBe(200);
    expect(await written.json()).toEqual({ id: 1, ...keyboard, price: 45 });
    const after = written.headers.get("etag");
    expect(after).toMatch(/^"[A-Za-z0-9_-]{16}"$/);
    expect(after).not.toBe(before);
    expect((await fetch(`${base}/items/1`)).headers.get("etag")).toBe(after);
    expect((await put(before, JSON.stringify(keyboard))).status).toBe(412);
    expect(calls.replace).toBe(1);
    // Without If-Match, the write is unconditional, as it always was.
    expect((await put(undefined, JSON.stringify(keyboard))).status).toBe(200);
  });

  it("through the generated client: etag from a read, ifMatch on the write, a 412 answer for a stale one", async () => {
    const api = createClient({ baseUrl: base });
    const read = await api.item.get({ id: 1n });
    if (!read.ok || read.status !== 200) throw new Error(`no item: ${read.status}`);
    const held = await api.item.get({ id: 1n }, { ifNoneMatch: read.etag });
    expect(held).toMatchObject({ ok: true, status: 304, notModified: true, etag: read.etag });
    const body = { ...keyboard, price: 40 };
    const written = await api.item.update({ id: 1n, body }, { ifMatch: read.etag });
    expect(written).toMatchObject({ ok: true, status: 200, data: { id: 1n, price: 40 } });
    const stale = await api.item.update({ id: 1n, body }, { ifMatch: read.etag });
    expect(stale).toMatchObject({ ok: false, status: 412, problem: { title: "Precondition Failed" } });
    expect(calls.replace).toBe(1);
  });
});
