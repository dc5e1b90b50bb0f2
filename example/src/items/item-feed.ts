import type { ItemChange } from "./item.js";

/** Changes kept for clients that reconnect with a `Last-Event-ID`. */
const KEPT_CHANGES = 100;

/**
 * The items' changes, for `GET /items/changes`: told of each change once it
 * is stored (for the database, once its transaction has committed), kept in
 * this process. Several processes over one database would each see only
 * their own writes; PostgreSQL's LISTEN/NOTIFY is how they would share them.
 */
export class ItemFeed {
  /** The latest changes, oldest first, each with its number as its id. */
  readonly #changes: (ItemChange & { id: bigint })[] = [];
  #lastChange = 0n;
  /** Feeds waiting for the next change. */
  readonly #waiting = new Set<() => void>();

  publish(change: ItemChange): void {
    this.#changes.push({ ...change, id: ++this.#lastChange });
    if (this.#changes.length > KEPT_CHANGES) this.#changes.shift();
    for (const wake of this.#waiting) wake();
  }

  /**
   * The changes after `after` (the last one a client saw, or from now on),
   * then each change as it happens, until `signal` aborts.
   */
  async *changes(after: bigint | undefined, signal: AbortSignal): AsyncGenerator<ItemChange> {
    let seen = after ?? this.#lastChange;
    while (!signal.aborted) {
      for (const change of this.#changes) {
        if (change.id <= seen) continue;
        seen = change.id;
        yield change;
      }
      await this.#nextChange(signal);
    }
  }

  /** Resolves at the next change, or when `signal` aborts. */
  #nextChange(signal: AbortSignal): Promise<void> {
    return new Promise((resolve) => {
      const wake = () => {
        this.#waiting.delete(wake);
        signal.removeEventListener("abort", wake);
        resolve();
      };
      this.#waiting.add(wake);
      signal.addEventListener("abort", wake, { once: true });
    });
  }
}
