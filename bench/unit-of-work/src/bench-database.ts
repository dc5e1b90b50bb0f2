import type { Kysely } from "kysely";
import { openDatabase } from "../../../example/src/database/open-database.js";
import type { Tables } from "../../../example/src/database/tables.js";

/**
 * The example's database on the bench's PostgreSQL server (DATABASE_URL):
 * its pg pool (pg's default size, as the Fastify servers') and its items
 * table, opened in init() and closed in close().
 */
export class BenchDatabase {
  #db: Kysely<Tables> | undefined;

  get db(): Kysely<Tables> {
    if (this.#db === undefined) throw new Error("the database is not open");
    return this.#db;
  }

  async init(): Promise<void> {
    this.#db = await openDatabase(process.env.DATABASE_URL);
  }

  async close(): Promise<void> {
    await this.#db?.destroy();
  }
}
