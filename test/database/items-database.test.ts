import type { Hono } from "hono";
import { appReady, closeApp } from "honest";
import type { RunningServer } from "honest/node";
import pg from "pg";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import path from "node:path";
import { freshDatabaseUrl, onPostgresServer } from "../support/example-database.js";
import { exampleApp, exampleDist, exampleModule, json, problemOf } from "../support/example.js";
import { freePort, serveForTest } from "../support/http.js";
import { type NodeProcess, startNode, stopNode } from "../support/node-process.js";
import { openStream } from "../support/open-stream.js";

// docs/guide/databases.md, "Databases": the example's items in its database,
// PGlite in memory in the "honest" project and a database of its own on a
// real PostgreSQL server in the "postgres" project (npm run test:postgres,
// support/postgres-server.ts). Migrations before the app answers, a sku
// taken as a 409, a failed write rolled back whole, ids beyond 2^53 exact,
// the pool closed by closeApp, a database that cannot be reached or
// migrated stopping the start with the reason.

type CreateExampleApp = (options?: object) => Hono;

/** True in the "postgres" project: the tests that need a server's own view of things run there. */
const onServer = onPostgresServer();

const { createExampleApp } = await exampleModule<{ createExampleApp: CreateExampleApp }>("app.js");

/** The example as honest builds it, its Database opened by its own init() on `url` (PGlite when undefined). */
function appOn(url: string | undefined): Hono {
  const saved = process.env.DATABASE_URL;
  if (url === undefined) delete process.env.DATABASE_URL;
  else process.env.DATABASE_URL = url;
  try {
    return createExampleApp({ log: false });
  } finally {
    if (saved === undefined) delete process.env.DATABASE_URL;
    else process.env.DATABASE_URL = saved;
  }
}

/** Runs `query` on the database at `url`, over a connection of its own. */
async function onDatabase<T>(url: string, query: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await query(client);
  } finally {
    await client.end();
  }
}

async function names(app: Hono): Promise<string[]> {
  return ((await (await app.request("/items")).json()) as { name: string }[]).map((item) => item.name);
}

describe("migrations", () => {
  it("run in init(): the first request finds the items table and the sample items", async () => {
    const app = appOn(await freshDatabaseUrl());
    try {
      const response = await app.request("/items/1");
      expect(response.status).toBe(200);
      expect(await response.text()).toBe('{"id":1,"name":"keyboard","price":49.5,"tags":["input","usb"],"inStock":true}');
      expect(await names(app)).toEqual(["keyboard", "mouse", "monitor"]);
    } finally {
      await closeApp(app);
    }
  });

  it.runIf(onServer)("run once: a second start on the same database keeps its items and runs none again", async () => {
    const url = (await freshDatabaseUrl())!;
    const first = appOn(url);
    expect((await first.request("/items", json({ name: "pen", price: 2 }))).status).toBe(201);
    await closeApp(first);
    const second = appOn(url);
    try {
      expect(await names(second)).toEqual(["keyboard", "mouse", "monitor", "pen"]);
    } finally {
      await closeApp(second);
    }
    const done = await onDatabase(url, (client) => client.query("select name from kysely_migration order by name"));
    expect(done.rows.map((row) => row.name)).toEqual(["0001_items", "0002_sample_items", "0003_stock_counts"]);
  });

  it.runIf(onServer)("that fail stop the start, naming the migration and the database's reason", async () => {
    const url = (await freshDatabaseUrl())!;
    await onDatabase(url, (client) => client.query("create table items (id integer)"));
    const app = appOn(url);
    await expect(appReady(app)).rejects.toThrow(
      'honest: Database.init() failed, building AdminController.store → ItemStore.work → UnitOfWork.database: migration 0001_items failed: relation "items" already exists',
    );
    const response = app.request("/items");
    await expect(response).rejects.toThrow(/Database\.init\(\) failed/);
  });
});

describe("a database that cannot be opened stops the start", () => {
  it("a server that is not there: the reason, from Database.init()", async () => {
    const port = await freePort();
    const app = appOn(`postgres://honest@127.0.0.1:${port}/nowhere`);
    await expect(appReady(app)).rejects.toThrow(
      `honest: Database.init() failed, building AdminController.store → ItemStore.work → UnitOfWork.database: connect ECONNREFUSED 127.0.0.1:${port}`,
    );
  });

  it("a URL of another kind, without printing it (it may hold a password)", async () => {
    const app = appOn("mysql://root:hunter2@localhost/shop");
    const failure = appReady(app);
    await expect(failure).rejects.toThrow(
      "honest: Database.init() failed, building AdminController.store → ItemStore.work → UnitOfWork.database: DATABASE_URL must start with postgres:// or postgresql://",
    );
    await expect(failure).rejects.not.toThrow(/hunter2/);
  });
});

/** The example's items in its database, or in MemoryItemStore (a worker's, the benchmark's), which must refuse the same writes. */
const stores = [
  ["in the database", () => exampleApp()],
  [
    "in MemoryItemStore",
    async () => {
      const { ItemStore } = await exampleModule<{ ItemStore: new () => object }>("items/item-store.js");
      const { MemoryItemStore } = await exampleModule<{ MemoryItemStore: new () => object }>("items/memory-item-store.js");
      return exampleApp({ providers: [[ItemStore, new MemoryItemStore()]] });
    },
  ],
] as const;

describe.each(stores)("writes, %s", (_, exampleWithStore) => {
  let app: Hono;
  beforeAll(async () => {
    app = await exampleWithStore();
  });

  it("a second item with the same sku is a 409 problem, and nothing changes", async () => {
    const first = await app.request("/items", json({ name: "pen", price: 2, sku: "PEN-1" }));
    expect(first.status).toBe(201);
    expect(await (await app.request(first.headers.get("location")!)).json()).toEqual({
      id: 4,
      name: "pen",
      price: 2,
      tags: [],
      inStock: true,
      sku: "PEN-1",
    });
    const second = await app.request("/items", json({ name: "red pen", price: 3, sku: "PEN-1" }));
    expect(second.status).toBe(409);
    expect(await problemOf(second)).toEqual({
      type: "about:blank",
      title: "Conflict",
      status: 409,
      detail: "another item has the sku PEN-1",
      requestId: second.headers.get("x-request-id"),
    });
    const replaced = await app.request("/items/1", {
      ...json({ name: "kb", price: 1, tags: [], inStock: true, sku: "PEN-1" }),
      method: "PUT",
    });
    expect([replaced.status, (await problemOf(replaced)).detail]).toEqual([409, "another item has the sku PEN-1"]);
    const patched = await app.request("/items/3", { ...json({ sku: "PEN-1" }), method: "PATCH" });
    expect([patched.status, (await problemOf(patched)).detail]).toEqual([409, "another item has the sku PEN-1"]);
    expect(await names(app)).toEqual(["keyboard", "mouse", "monitor", "pen"]);
    // An item keeps its own sku; items without one are any number.
    const same = await app.request("/items/4", { ...json({ sku: "PEN-1", price: 18 }), method: "PATCH" });
    expect(await same.json()).toEqual({ id: 4, name: "pen", price: 18, tags: [], inStock: true, sku: "PEN-1" });
    expect((await app.request("/items", json({ name: "pen", price: 2 }))).status).toBe(201);
  });

  it("a sku that is not one is refused by its pattern before the database sees it", async () => {
    const refused = await app.request("/items", json({ name: "pen", price: 2, sku: "pen 1" }));
    expect(refused.status).toBe(400);
    expect((await problemOf(refused)).errors).toEqual([
      { path: "$.sku", expected: "string matching /^[A-Z0-9][A-Z0-9-]{0,31}$/", got: '"pen 1"' },
    ]);
  });

  it("text with U+0000, which PostgreSQL's text cannot hold, is a 400, written or searched for", async () => {
    const created = await app.request("/items", json({ name: "nul\u0000", price: 1 }));
    expect([created.status, (await problemOf(created)).detail]).toEqual([400, "the database's text cannot hold the character U+0000"]);
    const tagged = await app.request("/items?tag=%00");
    expect([tagged.status, (await problemOf(tagged)).detail]).toEqual([400, "the database's text cannot hold the character U+0000"]);
  });
});

describe.each(stores)("a write that fails is undone whole, %s", (_, exampleWithStore) => {
  let running: RunningServer;
  let base: string;
  beforeAll(async () => {
    running = serveForTest(await exampleWithStore());
    base = `http://127.0.0.1:${(await running.listening).port}`;
  });
  afterAll(() => running.close());

  it("POST /items/bulk with a sku taken stores none of its items, and the live feed hears of none", async () => {
    const feed = await openStream(base, "/items/changes");
    try {
      const bulk = await fetch(
        `${base}/items/bulk`,
        json([
          { name: "pen", price: 2, sku: "PEN-1" },
          { name: "ink", price: 1 },
          { name: "red pen", price: 3, sku: "PEN-1" },
        ]),
      );
      expect([bulk.status, (await problemOf(bulk)).detail]).toEqual([409, "another item has the sku PEN-1"]);
      const items = (await (await fetch(`${base}/items`)).json()) as { name: string }[];
      expect(items.map((item) => item.name)).toEqual(["keyboard", "mouse", "monitor"]);
      // The next write that commits is the first change the feed sends.
      const created = await fetch(
        `${base}/items/bulk`,
        json([
          { name: "pen", price: 2 },
          { name: "ink", price: 1 },
        ]),
      );
      expect(created.status).toBe(201);
      const [pen, ink] = (await created.json()) as { id: number }[];
      const text = await feed.until((arrived) => arrived.includes('"ink"'));
      expect(text.match(/^event: .*$/gm)).toEqual(["event: created", "event: created"]);
      expect(text).toContain(`data: {"id":${pen!.id},"name":"pen"`);
      expect(text).toContain(`data: {"id":${ink!.id},"name":"ink"`);
    } finally {
      feed.leave();
    }
  });
});

describe("ids beyond 2^53", () => {
  const FIRST_ID = 2n ** 63n - 10n;
  let app: Hono;
  beforeAll(async () => {
    app = await exampleApp({}, { firstItemId: FIRST_ID });
  });

  it("are stored, found and written back with every digit, up to 2^63 - 1", async () => {
    const first = await app.request(`/items/${FIRST_ID}`);
    expect(await first.text()).toBe(`{"id":${FIRST_ID},"name":"keyboard","price":49.5,"tags":["input","usb"],"inStock":true}`);
    const created = await app.request("/items", json({ name: "pen", price: 2 }));
    expect(created.headers.get("location")).toBe(`/items/${FIRST_ID + 3n}`);
    const quote = await app.request(`/items/${FIRST_ID + 3n}/quote/3`);
    expect(await quote.text()).toBe(`{"item":${FIRST_ID + 3n},"quantity":3,"total":6}`);
    expect((await app.request(`/items/${FIRST_ID + 4n}`)).status).toBe(404);
  });
});

describe.runIf(onServer)("the pool", () => {
  let url: string;
  const connections = () =>
    onDatabase(url, async (client) => {
      const { rows } = await client.query(
        "select count(*)::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()",
      );
      return rows[0].n as number;
    });

  let launched: NodeProcess | undefined;
  afterEach(() => stopNode(launched));

  it("is closed by closeApp(app): the server has no connection of the app's left", async () => {
    url = (await freshDatabaseUrl())!;
    const app = appOn(url);
    await Promise.all(Array.from({ length: 4 }, (_, n) => app.request("/items", json({ name: `item ${n}`, price: n }))));
    expect(await connections()).toBeGreaterThan(0);
    await closeApp(app);
    // The pool has ended its connections; the server drops each backend a moment after its client leaves.
    await expect.poll(connections, { timeout: 5_000, interval: 50 }).toBe(0);
  });

  it("of npm start: migrated before it listens, closed when a signal stops it", async () => {
    url = (await freshDatabaseUrl())!;
    const port = await freePort();
    launched = startNode(path.join(exampleDist, "main.js"), { env: { ...process.env, PORT: String(port), DATABASE_URL: url } });
    await launched.listening();
    const item = await fetch(`http://127.0.0.1:${port}/items/1`);
    expect(await item.json()).toMatchObject({ id: 1, name: "keyboard" });
    expect(await connections()).toBeGreaterThan(0);
    launched.child.kill("SIGTERM");
    expect(await launched.exited).toEqual({ code: 0, signal: null });
    await expect.poll(connections, { timeout: 5_000, interval: 50 }).toBe(0);
  });
});
