import type { HealthCheck, Inject } from "honest";
import { type Kysely, sql } from "kysely";
import type { AppConfig } from "../config/app-config.js";
import { openDatabase } from "./open-database.js";
import type { Tables } from "./tables.js";

/**
 * The app's database, one per app: opened and migrated in `init()`, before
 * the app serves (docs/reference/limits.md, "Startup"), and closed in
 * `close()`, after the last request (docs/reference/limits.md, "Shutdown"):
 * PGlite in memory by default, a PostgreSQL server's pool when DATABASE_URL
 * is set. Its `healthCheck()` makes the app's readiness probe fail while the
 * database does not answer (docs/guide/health.md, "Checks").
 */
export class Database implements HealthCheck {
  declare readonly config: Inject<AppConfig>;
  #db: Kysely<Tables> | undefined;
  /** Whether close() ends the connection: not one opened elsewhere (over()). */
  #owned = true;

  /**
   * A Database over a connection opened elsewhere, such as one a test file
   * shares between its apps: given with `createApp({ providers: [[Database,
   * Database.over(db)]] })`, honest still calls its init() and close()
   * (docs/guide/request-scope.md, "Components built by hand"), which leave
   * that connection as they found it.
   */
  static over(db: Kysely<Tables>): Database {
    const database = new Database();
    database.#db = db;
    database.#owned = false;
    return database;
  }

  /** The query builder; each query takes a connection from the pool (PGlite has one). */
  get db(): Kysely<Tables> {
    if (this.#db === undefined) throw new Error("the database is not open: Database.init() has not run");
    return this.#db;
  }

  async init(): Promise<void> {
    if (this.#db === undefined) this.#db = await openDatabase(this.config.databaseUrl);
  }

  /** `select 1`: rejects, with the driver's reason, when the database cannot answer a query. */
  async healthCheck(): Promise<void> {
    await sql`select 1`.execute(this.db);
  }

  /** Waits for the queries in flight, then ends the pool's connections (or closes PGlite). */
  async close(): Promise<void> {
    if (this.#owned) await this.#db?.destroy();
    this.#db = undefined;
  }
}
