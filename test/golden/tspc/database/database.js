import * as __honest_import_config_app_config from "../config/app-config.js";
import * as __honest from "honest/internal";
import { sql } from "kysely";
import { openDatabase } from "./open-database.js";
/**
 * The app's database, one per app: opened and migrated in `init()`, before
 * the app serves (docs/reference/limits.md, "Startup"), and closed in
 * `close()`, after the last request (docs/reference/limits.md, "Shutdown"):
 * PGlite in memory by default, a PostgreSQL server's pool when DATABASE_URL
 * is set. Its `healthCheck()` makes the app's readiness probe fail while the
 * database does not answer (docs/guide/health.md, "Checks").
 */
export class Database {
    #db;
    /** Whether close() ends the connection: not one opened elsewhere (over()). */
    #owned = true;
    /**
     * A Database over a connection opened elsewhere, such as one a test file
     * shares between its apps: given with `createApp({ providers: [[Database,
     * Database.over(db)]] })`, honest still calls its init() and close()
     * (docs/guide/request-scope.md, "Components built by hand"), which leave
     * that connection as they found it.
     */
    static over(db) {
        const database = new Database();
        database.#db = db;
        database.#owned = false;
        return database;
    }
    /** The query builder; each query takes a connection from the pool (PGlite has one). */
    get db() {
        if (this.#db === undefined)
            throw new Error("the database is not open: Database.init() has not run");
        return this.#db;
    }
    async init() {
        if (this.#db === undefined)
            this.#db = await openDatabase(this.config.databaseUrl);
    }
    /** `select 1`: rejects, with the driver's reason, when the database cannot answer a query. */
    async healthCheck() {
        await sql `select 1`.execute(this.db);
    }
    /** Waits for the queries in flight, then ends the pool's connections (or closes PGlite). */
    async close() {
        if (this.#owned)
            await this.#db?.destroy();
        this.#db = undefined;
    }
}
__honest.defineInjections(Database, [
    ["config", () => __honest_import_config_app_config.AppConfig]
]);
