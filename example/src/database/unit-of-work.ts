import { type Inject, PerRequest, type RequestEnd } from "honest";
import type { ControlledTransaction, Kysely } from "kysely";
import type { Database } from "./database.js";
import type { Tables } from "./tables.js";

/**
 * One request's writes, in one transaction (docs/guide/request-scope.md, "A
 * unit of work"): begun by the request's first write, so a request that only
 * reads begins none; committed when the request was answered (2xx or 3xx),
 * before the client hears of it, and rolled back otherwise. What must wait
 * until the writes are kept (the live feed hearing of them) waits in
 * `afterCommit`.
 */
@PerRequest()
export class UnitOfWork {
  declare readonly database: Inject<Database>;
  #transaction: Promise<ControlledTransaction<Tables>> | undefined;
  readonly #afterCommit: (() => void)[] = [];

  /** The request's transaction, begun on first use. */
  transaction(): Promise<ControlledTransaction<Tables>> {
    this.#transaction ??= this.database.db.startTransaction().execute();
    return this.#transaction;
  }

  /**
   * What the request's reads go through: its transaction once a write has
   * begun one, so that it reads its own writes (and, on PGlite's one
   * connection, does not wait for itself), else the pool.
   */
  async reader(): Promise<Kysely<Tables>> {
    return this.#transaction === undefined ? this.database.db : await this.#transaction;
  }

  /** Runs `then` once the request's writes have committed; never if they roll back. */
  afterCommit(then: () => void): void {
    this.#afterCommit.push(then);
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
    for (const then of this.#afterCommit) then();
  }
}
