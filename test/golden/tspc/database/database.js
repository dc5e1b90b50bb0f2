import * as __honest_import_config_app_config from "../config/app-config.js";
import * as __honest from "honest/internal";
import { openDatabase } from "./open-database.js";
/**
 * The app's database, one per app: opened and migrated in `init()`, before
 * the app serves (docs/reference/limits.md, "Startup"), and closed in
 * `close()`, after the last request (docs/reference/limits.md, "Shutdown"):
 * PGlite in memory by default, a PostgreSQL server's pool when DATABASE_URL
 * is set.
 */
export class Database {
    #db;
    /**
     * A Database over a connection opened elsewhere, such as one a test file
     * shares between its apps: given with `createApp({ providers: [[Database,
     * Database.over(db)]] })`, it is neither initialized nor closed by honest.
     */
    static over(db) {
        const database = new Database();
        database.#db = db;
        return database;
    }
    /** The query builder; each query takes a connection from the pool (PGlite has one). */
    get db() {
        if (this.#db === undefined)
            throw new Error("the database is not open: Database.init() has not run");
        return this.#db;
    }
    async init() {
        this.#db = await openDatabase(this.config.databaseUrl);
    }
    /** Waits for the queries in flight, then ends the pool's connections (or closes PGlite). */
    async close() {
        await this.#db?.destroy();
        this.#db = undefined;
    }
}
__honest.defineInjections(Database, [
    ["config", () => __honest_import_config_app_config.AppConfig]
]);
