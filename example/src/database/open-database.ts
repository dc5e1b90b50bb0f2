import { type Dialect, Kysely, Migrator, PostgresDialect } from "kysely";
import { PGliteDialect } from "kysely-pglite-dialect";
import { migrations } from "./migrations.js";
import type { Tables } from "./tables.js";

// The drivers are imported when a database opens, not with this module: a
// runtime that never opens one here (a Cloudflare worker, which bundles the
// app with the drivers left out) never loads them (docs/guide/databases.md,
// "On Cloudflare Workers").

/** PostgreSQL's type id of `bigint` (int8). */
const INT8 = 20;

/**
 * The database `url` names (`postgres://…` or `postgresql://…`) or, without
 * one, PGlite in memory: PostgreSQL compiled to WebAssembly, in this process,
 * empty at each start. Its schema is brought up to date before it is returned.
 */
export async function openDatabase(url: string | undefined): Promise<Kysely<Tables>> {
  const db = new Kysely<Tables>({ dialect: await dialectFor(url) });
  try {
    await migrate(db);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  return db;
}

async function dialectFor(url: string | undefined): Promise<Dialect> {
  if (url === undefined || url === "") {
    const { PGlite } = await import("@electric-sql/pglite");
    // PGlite reads int8 as a bigint itself.
    return new PGliteDialect(await PGlite.create());
  }
  // Not the URL itself in the message: it may hold a password.
  if (!/^postgres(ql)?:\/\//.test(url)) throw new Error("DATABASE_URL must start with postgres:// or postgresql://");
  const { Pool, types } = await import("pg");
  const pool = new Pool({
    connectionString: url,
    // pg reads int8 as a string by default: as a bigint here, for this pool only, so an id above 2^53 keeps every digit.
    types: {
      getTypeParser: ((id: number, format?: "text" | "binary") =>
        id === INT8 ? BigInt : types.getTypeParser(id, format)) as typeof types.getTypeParser,
    },
  });
  // An idle connection the server drops emits "error" on the pool; unheard, it would end the process.
  pool.on("error", (error) => console.error("database: an idle connection failed:", error.message));
  return new PostgresDialect({ pool });
}

/** Runs the migrations the database has not seen, in order; throws naming the one that failed, or why none could run. */
async function migrate(db: Kysely<Tables>): Promise<void> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results = [] } = await migrator.migrateToLatest();
  if (error === undefined) return;
  const failed = results.find((result) => result.status === "Error");
  if (failed === undefined) throw error; // no connection, no lock: the driver's own message
  const reason = error instanceof Error ? error.message : String(error);
  throw new Error(`migration ${failed.migrationName} failed: ${reason}`, { cause: error });
}
