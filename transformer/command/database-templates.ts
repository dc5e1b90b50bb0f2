// The files `honest init --database` adds (docs/setup/new-project.md,
// "A project with a database"): the example's set-up (docs/guide/databases.md,
// "Databases"), simplified to one table. Settings from the environment
// (docs/guide/configuration.md, "Configuration"), a Database component that
// opens PGlite in memory, or a PostgreSQL server's pool when DATABASE_URL is
// set, and migrates before the app serves; a per-request unit of work
// (docs/guide/request-scope.md, "A unit of work") that commits each write
// request's transaction when it was answered; a store and a controller over
// one table whose unique column turns a duplicate into a 409.

/** The database packages a new project pins, read from honest's package.json (it is tested with them). */
export interface DatabaseVersions {
  readonly kysely: string;
  readonly pglite: string;
  readonly pgliteDialect: string;
  readonly pg: string;
  readonly typesPg: string;
}

/** The files of the database set-up, path relative to the project → text; `appModule` is what the tests import. */
export function databaseFiles(appModule: string): {
  readonly sources: Readonly<Record<string, string>>;
  readonly tests: Readonly<Record<string, string>>;
} {
  return {
    sources: {
      "src/settings.ts": SETTINGS,
      "src/database/database.ts": DATABASE,
      "src/database/migrations.ts": MIGRATIONS,
      "src/database/unit-of-work.ts": UNIT_OF_WORK,
      "src/items/item-store.ts": ITEM_STORE,
      "src/items/item.controller.ts": ITEM_CONTROLLER,
    },
    tests: { "test/items.test.ts": itemsTest(appModule) },
  };
}

/** The dependencies the set-up adds: the query builder and both drivers (the one not used is never loaded). */
export function databaseDependencies(versions: DatabaseVersions): {
  readonly dependencies: Readonly<Record<string, string>>;
  readonly devDependencies: Readonly<Record<string, string>>;
} {
  return {
    dependencies: {
      "@electric-sql/pglite": `^${versions.pglite}`,
      kysely: `^${versions.kysely}`,
      "kysely-pglite-dialect": `^${versions.pgliteDialect}`,
      pg: `^${versions.pg}`,
    },
    devDependencies: { "@types/pg": `^${versions.typesPg}` },
  };
}

/** main.ts: the port from the settings, which are checked when the app is built, before anything listens. */
export const DATABASE_MAIN = `import { componentOf } from "honest";
import { serve } from "honest/node";
import { createHelloApp } from "./app.js";
import { Config } from "./settings.js";

// createHelloApp() reads the settings, and refuses to start when one is wrong (PORT=abc), before anything listens.
const app = createHelloApp();
serve(app, { port: componentOf(app, Config).env.PORT });
`;

const SETTINGS = `import type { Env, Format, Integer, Maximum, Minimum } from "honest";

/**
 * The app's environment variables, read and checked when the app is built:
 * \`PORT=abc npm start\` refuses to start, naming PORT. A class rather than an
 * interface, so that a variable can have a default after \`=\`.
 */
export class Settings {
  /** The port npm start listens on. */
  PORT: number & Integer & Minimum<0> & Maximum<65535> = 3000;
  /** A PostgreSQL server (postgres://user:password@host/database); without it, PGlite in memory, empty at each start. */
  DATABASE_URL?: string & Format<"uri">;
}

/** The app's configuration, a component like any other: its settings, from the environment. */
export class Config {
  declare readonly env: Env<Settings>;
}
`;

const DATABASE = `import type { Inject } from "honest";
import { type Dialect, type Generated, Kysely, Migrator, PostgresDialect } from "kysely";
import type { Config } from "../settings.js";
import { migrations } from "./migrations.js";

/** The tables, as Kysely sees them (migrations.ts creates them). */
export interface Tables {
  items: {
    id: Generated<number>;
    name: string;
  };
}

/**
 * The app's database, one per app: opened and migrated in init(), before the
 * app serves, and closed in close(), after the last request. PGlite
 * (PostgreSQL in this process, in memory) by default; a PostgreSQL server's
 * pool when DATABASE_URL is set.
 */
export class Database {
  declare readonly config: Inject<Config>;
  #db: Kysely<Tables> | undefined;

  /** The query builder; each query outside a transaction takes a connection from the pool (PGlite has one). */
  get db(): Kysely<Tables> {
    if (this.#db === undefined) throw new Error("the database is not open: Database.init() has not run");
    return this.#db;
  }

  async init(): Promise<void> {
    const db = new Kysely<Tables>({ dialect: await dialectFor(this.config.env.DATABASE_URL) });
    // Runs the migrations this database has not seen, in order, each in a transaction.
    const { error } = await new Migrator({ db, provider: { getMigrations: async () => migrations } }).migrateToLatest();
    if (error !== undefined) {
      await db.destroy();
      throw error;
    }
    this.#db = db;
  }

  /** Waits for the queries in flight, then ends the pool's connections (or closes PGlite). */
  async close(): Promise<void> {
    await this.#db?.destroy();
    this.#db = undefined;
  }
}

// Each driver is imported when a database opens with it: the other one is never loaded.
async function dialectFor(url: string | undefined): Promise<Dialect> {
  if (url === undefined) {
    const { PGlite } = await import("@electric-sql/pglite");
    const { PGliteDialect } = await import("kysely-pglite-dialect");
    return new PGliteDialect(await PGlite.create());
  }
  const { Pool } = await import("pg");
  const pool = new Pool({ connectionString: url });
  // An idle connection the server drops emits "error" on the pool; unheard, it would end the process.
  pool.on("error", (error) => console.error("database: an idle connection failed:", error.message));
  return new PostgresDialect({ pool });
}
`;

const MIGRATIONS = `import type { Kysely, Migration } from "kysely";

// The schema's history, in code: Kysely's Migrator runs the migrations a
// database has not seen, in the order of their names, and records them in
// its table kysely_migration. A migration once released is never edited: a
// change is a new one.

export const migrations: Record<string, Migration> = {
  "0001_items": {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema
        .createTable("items")
        .addColumn("id", "integer", (column) => column.primaryKey().generatedAlwaysAsIdentity())
        // Unique: PostgreSQL refuses a second item of the same name (code 23505), which the store makes a 409.
        .addColumn("name", "text", (column) => column.notNull().unique())
        .execute();
    },
  },
};
`;

const UNIT_OF_WORK = `import { type Inject, PerRequest, type RequestEnd } from "honest";
import type { ControlledTransaction } from "kysely";
import type { Database, Tables } from "./database.js";

/**
 * One request's writes, in one transaction: begun the first time a write
 * needs it, so a request that only reads begins none; committed when the
 * request was answered (2xx or 3xx), before the client hears of it, and
 * rolled back otherwise (a 4xx, an error, a client gone). A commit that fails
 * makes the answer a 500.
 */
@PerRequest()
export class UnitOfWork {
  declare readonly database: Inject<Database>;
  #transaction: Promise<ControlledTransaction<Tables>> | undefined;

  /** The request's transaction, begun on first use. */
  transaction(): Promise<ControlledTransaction<Tables>> {
    this.#transaction ??= this.database.db.startTransaction().execute();
    return this.#transaction;
  }

  async close(end: RequestEnd): Promise<void> {
    // A transaction that never began (its connection refused) has nothing to end: the request already failed with that error.
    const transaction = await this.#transaction?.catch(() => undefined);
    if (transaction === undefined) return;
    if (end.outcome !== "answered") {
      await transaction.rollback().execute();
      return;
    }
    await transaction.commit().execute();
  }
}
`;

const ITEM_STORE = `import { HttpError, StatusCode } from "honest";
import type { Current, Inject } from "honest";
import type { Database } from "../database/database.js";
import type { UnitOfWork } from "../database/unit-of-work.js";

/** SQLSTATE unique_violation: a second row with the same value in a unique column. */
const UNIQUE_VIOLATION = "23505";
/** The largest of PostgreSQL's \`integer\`, the type of the items' ids. */
const MAX_ID = 2_147_483_647;

export interface Item {
  id: number;
  name: string;
}

/**
 * The items, in the database's \`items\` table: one instance per app. A write
 * goes through this request's unit of work (\`work\`, read anew in each
 * request), so all the writes of a request commit or roll back together;
 * a read takes a connection of its own. A request that has written reads
 * through \`await this.work.transaction()\` too, to see its own writes (and,
 * on PGlite's single connection, not wait for its own transaction to end).
 */
export class ItemStore {
  declare readonly database: Inject<Database>;
  declare readonly work: Current<UnitOfWork>;

  async find(id: number): Promise<Item | undefined> {
    // An id the column cannot hold (1.5, 1e12) names no item: not a query PostgreSQL would refuse.
    if (!Number.isInteger(id) || id < 1 || id > MAX_ID) return undefined;
    return this.database.db.selectFrom("items").select(["id", "name"]).where("id", "=", id).executeTakeFirst();
  }

  async add(name: string): Promise<Item> {
    const transaction = await this.work.transaction();
    try {
      return await transaction.insertInto("items").values({ name }).returning(["id", "name"]).executeTakeFirstOrThrow();
    } catch (error) {
      // The client's mistake, not the server's: a problem it can act on; the request's transaction rolls back.
      if ((error as { code?: unknown }).code === UNIQUE_VIOLATION) {
        throw new HttpError(StatusCode.CONFLICT, \`an item named \${JSON.stringify(name)} exists\`);
      }
      throw error;
    }
  }
}
`;

const ITEM_CONTROLLER = `import { Controller, Get, HttpError, Post, StatusCode } from "honest";
import type { Inject, Json, MaxLength, MinLength, Path } from "honest";
import type { Item, ItemStore } from "./item-store.js";

interface NewItem {
  name: string & MinLength<1> & MaxLength<100>;
}

@Controller()
export class ItemController {
  declare readonly store: Inject<ItemStore>;

  /** Stores an item: committed before the client gets the 201; a name already taken is a 409. */
  @Post("/items")
  async create(item: Json<NewItem>): Promise<Json<Item, 201>> {
    return this.store.add(item.name);
  }

  @Get("/items/{id}")
  async read(id: Path<number>): Promise<Json<Item>> {
    const item = await this.store.find(id);
    if (item === undefined) throw new HttpError(StatusCode.NOT_FOUND, \`no item \${id}\`);
    return item;
  }
}
`;

function itemsTest(appModule: string): string {
  return `import { appReady, closeApp } from "honest";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createHelloApp } from "${appModule}";

// One app for the file: appReady waits for its Database's init() (PGlite in
// memory, migrated; a server's when DATABASE_URL is set), closeApp closes it.
const app = createHelloApp({ log: false });
beforeAll(() => appReady(app));
afterAll(() => closeApp(app));

async function create(name: string): Promise<Response> {
  return await app.request("/items", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ name }),
  });
}

it("POST /items stores an item, and GET /items/{id} reads it back", async () => {
  const created = await create("kettle");
  expect(created.status).toBe(201);
  const item = await created.json();
  expect(item).toEqual({ id: expect.any(Number), name: "kettle" });
  const read = await app.request(\`/items/\${item.id}\`);
  expect(read.status).toBe(200);
  expect(await read.json()).toEqual(item);
});

it("a second item of the same name is a 409 problem document", async () => {
  expect((await create("teapot")).status).toBe(201);
  const again = await create("teapot");
  expect(again.status).toBe(409);
  expect(again.headers.get("content-type")).toBe("application/problem+json");
  expect(await again.json()).toMatchObject({ status: 409, detail: 'an item named "teapot" exists' });
});
`;
}
