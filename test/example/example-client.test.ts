import type { Hono } from "hono";
import { beforeAll, describe, expect, it } from "vitest";
import { type Client, createClient, responseChecks } from "../../example/client/api.js";
import { exampleApp } from "../support/example.js";
import { serveForTest } from "../support/http.js";

// docs/guide/openapi-and-clients.md, "A client generated with the app": the example's own build writes
// its client (example/tsconfig.json's "client"), and every route answers
// through it, in process (`fetch: app.request`) and over a socket, with ids
// of 2^53 + 1 exact both ways.

const FIRST_ID = 9007199254740993n;

/** The same calls, whatever carries them. */
function callsEveryRoute(client: () => Client): void {
  it("reads and writes items with ids beyond 2^53, exactly", async () => {
    const api = client();
    const got = await api.item.get({ id: FIRST_ID });
    expect(got).toMatchObject({ ok: true, status: 200, data: { id: FIRST_ID, name: "keyboard" } });
    const listed = await api.item.list({ query: { tag: "input", limit: 5 } });
    expect(listed.ok && listed.data.map((item) => item.id)).toEqual([FIRST_ID, FIRST_ID + 1n]);
    const created = await api.item.createMany({ body: [{ name: "cable", price: 3 }], headers: { "x-request-id": "r-1" } });
    expect(created).toMatchObject({ ok: true, status: 201 });
    const id = created.ok ? created.data[0]!.id : 0n;
    expect(id > FIRST_ID).toBe(true);
    expect(await api.item.create({ body: { name: "plug", price: 2 } })).toMatchObject({ ok: true, status: 201, data: undefined });
    const updated = await api.item.update({ id, body: { name: "cable", price: 4, tags: ["usb"], inStock: false } });
    expect(updated).toMatchObject({ ok: true, data: { id, price: 4, inStock: false } });
    expect(await api.item.patch({ id, body: { price: 5 } })).toMatchObject({ ok: true, data: { id, price: 5 } });
    expect(await api.item.tagged({ tag: "usb" })).toMatchObject({ ok: true, status: 200 });
    expect(await api.item.sorted({ order: "desc" })).toMatchObject({ ok: true, status: 200 });
    const outOfStock = await api.item.inStock({ inStock: false });
    expect(outOfStock.ok && outOfStock.data.map((item) => item.id)).toContain(id);
    expect(await api.item.quote({ id, quantity: 2 })).toMatchObject({ ok: true, data: { item: id, quantity: 2, total: 10 } });
    expect(await api.item.remove({ id })).toMatchObject({ ok: true, status: 204, data: undefined });
    expect(await api.item.get({ id })).toMatchObject({ ok: false, status: 404, problem: { detail: `item ${id} not found` } });
  });

  it('reads every item of every page with list.all(), following the Link headers (docs/guide/pages.md, "In the client")', async () => {
    const api = client();
    const names: string[] = [];
    for await (const item of api.item.list.all({ query: { limit: 2 } })) names.push(item.name);
    expect(names.slice(0, 3)).toEqual(["keyboard", "mouse", "monitor"]);
    const everything = await api.item.list({ query: { limit: 100 } });
    expect(everything.ok && everything.data.map((item) => item.name)).toEqual(names);
  });

  it("follows the items' live feed: each change as it happens, then the ones missed since a Last-Event-ID, ids exact", async () => {
    const api = client();
    const feed = await api.item.changes();
    if (!feed.ok) throw new Error(`no feed: ${feed.status}`);
    const events = feed.data;
    const waiting = events.next();
    const created = await api.item.createMany({ body: [{ name: "lamp", price: 12 }] });
    const id = created.ok ? created.data[0]!.id : 0n;
    const first = (await waiting).value;
    expect(first).toEqual({ event: "created", id: first?.id, data: { id, name: "lamp", price: 12, tags: [], inStock: true } });
    // The id is the route's Last-Event-ID type, an i64: what the next call sends back, as it came.
    expect(typeof first?.id).toBe("bigint");
    await api.item.remove({ id });
    expect((await events.next()).value).toMatchObject({ event: "removed", data: { id } });
    // Leaving the feed ends the server's generator (docs/guide/streams.md, "When the client leaves").
    await events.return();
    // A client that reconnects with the last id it saw gets what it missed first.
    const again = await api.item.changes({ headers: { "last-event-id": first!.id! - 1n } });
    if (!again.ok) throw new Error(`no feed: ${again.status}`);
    const missed = [(await again.data.next()).value, (await again.data.next()).value];
    expect(missed.map((change) => change?.event)).toEqual(["created", "removed"]);
    await again.data.return();
  });

  it("uploads a photo through Form<T> with a File", async () => {
    const photo = new File([new Uint8Array([1, 2, 3])], "cat.png", { type: "image/png" });
    const answer = await client().photo.upload({ id: FIRST_ID, form: { photo, caption: "a cat" } });
    expect(answer).toMatchObject({ ok: true, status: 201, data: { item: FIRST_ID, caption: "a cat", name: "cat.png", bytes: 3 } });
  });

  it("sends cookies, path tuples, headers per call, and gets typed problems", async () => {
    const api = client();
    expect(await api.home.welcome({ cookies: { theme: "dark" } })).toMatchObject({ ok: true, status: 200 });
    expect(await api.home.health()).toMatchObject({ ok: true, status: 200 });
    expect(await api.home.info()).toMatchObject({ ok: true, status: 200 });
    const todos = await api.todo.list({ query: { dueBefore: new Date("2026-01-10T00:00:00Z") } });
    // Dates both ways: the query's sent as RFC 3339 text, the answer's made Dates again.
    expect(todos).toMatchObject({ ok: true, status: 200, data: [{ id: 2, due: new Date("2026-01-09T17:00:00Z") }] });
    expect(todos.ok && todos.data[0]!.created).toBeInstanceOf(Date);
    const post = await api.post.get({ user_id: 1n, post_id: 2n });
    expect(post).toMatchObject({ ok: true, data: { id: 2n, userId: 1n } });
    expect(await api.me.me({ headers: { authorization: "Bearer ada-token" } })).toMatchObject({ ok: true, data: { id: 1n } });
    expect(await api.me.me()).toMatchObject({ ok: false, status: 401 });
    expect(await api.admin.stats({ headers: { authorization: "Bearer admin-secret" } })).toMatchObject({ ok: true, status: 200 });
    // A body the types refuse, sent anyway: honest's 400, its faults typed.
    const refused = await api.item.createMany({ body: [{ name: "pen", price: "5" }] as never });
    expect(refused).toMatchObject({
      ok: false,
      status: 400,
      problem: { errors: [{ path: "$[0].price", expected: "number", got: '"5"' }] },
    });
  });
}

describe("in process, through app.request", () => {
  let app: Hono;
  beforeAll(async () => {
    app = await exampleApp({}, { firstItemId: FIRST_ID });
  });
  callsEveryRoute(() => createClient({ fetch: app.request }));
});

// docs/guide/openapi-and-clients.md, "Checking what the app answers": every answer the example gives matches its declared type.
describe("in process, every answer checked against its declared type", () => {
  let app: Hono;
  beforeAll(async () => {
    app = await exampleApp({}, { firstItemId: FIRST_ID });
  });
  callsEveryRoute(() => createClient({ fetch: app.request, checks: responseChecks }));
});

describe("over a socket, through honest's serve", () => {
  let api: Client;
  beforeAll(async () => {
    const running = serveForTest(await exampleApp({}, { firstItemId: FIRST_ID }));
    api = createClient({ baseUrl: `http://127.0.0.1:${(await running.listening).port}` });
    return () => running.close();
  });
  callsEveryRoute(() => api);
});

// docs/guide/rate-limits.md, "In the document and the client": the example's POST /items/bulk takes 5 calls a
// minute from a client address; the sixth is a 429 whose retryAfter says how many seconds to wait.
describe("a rate-limited route through the client", () => {
  it("answers the sixth call within the minute with a 429 and retryAfter, in seconds", async () => {
    const app = await exampleApp({}, { firstItemId: FIRST_ID });
    const api = createClient({ fetch: app.request });
    for (let call = 1; call <= 5; call++) {
      const created = await api.item.createMany({ body: [{ name: `pen ${call}`, price: 1 }] });
      expect(created).toMatchObject({ ok: true, status: 201 });
      expect(created.response.headers.get("ratelimit")).toMatch(new RegExp(`^"default";r=${5 - call};t=(60|59)$`));
    }
    const refused = await api.item.createMany({ body: [{ name: "pen 6", price: 1 }] });
    expect(refused).toMatchObject({ ok: false, status: 429, problem: { status: 429, title: "Too Many Requests" } });
    expect(!refused.ok && refused.retryAfter).toBeGreaterThanOrEqual(59);
    expect(!refused.ok && refused.retryAfter).toBeLessThanOrEqual(60);
    // Another route, unlimited: its answers carry no RateLimit header.
    const other = await api.item.get({ id: FIRST_ID });
    expect(other).toMatchObject({ ok: true, status: 200 });
    expect(other.response.headers.get("ratelimit")).toBeNull();
  });
});
