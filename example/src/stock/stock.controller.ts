import { Controller, Get } from "honest";
import type { Inject, Json } from "honest";
import type { ItemStore } from "../items/item-store.js";
import type { StockSnapshot } from "./stock-snapshot.js";

/** What StockCount's job counted, which instances share when they share a database. */
@Controller()
export class StockController {
  declare readonly store: Inject<ItemStore>;

  /** The last 50 stock counts, newest first: one per tick, taken by the instance that ran it. */
  @Get("/stock")
  async history(): Promise<Json<StockSnapshot[]>> {
    return await this.store.stockHistory();
  }
}
