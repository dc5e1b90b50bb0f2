import { PerRequest } from "honest";
import type { Inject, RequestEnd } from "honest";
import type { ControlledTransaction } from "kysely";
import type { Tables } from "../../../../example/src/database/tables.js";
import type { BenchDatabase } from "../bench-database.js";

/**
 * One request's writes in one transaction, as docs/guide/request-scope.md
 * ("A unit of work") writes it: begun on first use, committed in close(end)
 * when the request was answered, before the client hears of it, rolled back
 * otherwise.
 */
@PerRequest()
export class UnitOfWork {
  declare readonly database: Inject<BenchDatabase>;
  #transaction: Promise<ControlledTransaction<Tables>> | undefined;

  transaction(): Promise<ControlledTransaction<Tables>> {
    this.#transaction ??= this.database.db.startTransaction().execute();
    return this.#transaction;
  }

  async close(end: RequestEnd): Promise<void> {
    if (this.#transaction === undefined) return;
    const transaction = await this.#transaction;
    if (end.outcome === "answered") await transaction.commit().execute();
    else await transaction.rollback().execute();
  }
}
