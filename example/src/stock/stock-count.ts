import { Every } from "honest";
import type { Inject } from "honest";
import type { ItemStore } from "../items/item-store.js";

/** How often the stock is counted, as @Every below says: its ticks are the multiples of it since the epoch. */
const EVERY_MS = 2_000;

/**
 * Counts the items and those in stock every 2 s, as a dashboard's chart of
 * the stock would, and keeps the last counts in the store, which GET /stock
 * answers with. Nothing injects it: the app builds it for its job. With
 * REDIS_URL, one instance of the app counts at each tick, whichever claims
 * it first; without, each instance counts at every tick
 * (docs/guide/scheduled-work.md, "Scheduled work").
 */
export class StockCount {
  declare readonly store: Inject<ItemStore>;
  /** A name for this instance, made when it first counts: the snapshots say which instance took them. */
  #instance: string | undefined;

  @Every("2s")
  async take(): Promise<void> {
    const takenAt = new Date();
    this.#instance ??= crypto.randomUUID().slice(0, 8);
    const tick = new Date(Math.floor(takenAt.getTime() / EVERY_MS) * EVERY_MS);
    await this.store.recordStock({ tick, instance: this.#instance, takenAt });
  }
}
