import type { Generated } from "kysely";

/** The example's tables, as Kysely sees them: each column's type as the drivers read it. */
export interface Tables {
  items: ItemsTable;
  stock_counts: StockCountsTable;
}

/** StockCount.take's counts (stock/stock-count.ts), the last 50 kept. */
export interface StockCountsTable {
  id: Generated<bigint>;
  tick: Date;
  instance: string;
  taken_at: Date;
  items: number;
  in_stock: number;
}

export interface ItemsTable {
  /** `bigint generated always as identity`: read as a bigint, every digit kept (open-database.ts says how). */
  id: Generated<bigint>;
  name: string;
  price: number;
  tags: string[];
  in_stock: boolean;
  /** Unique, or null: a second item with the same one is a 409 (items/item-refusals.ts). */
  sku: string | null;
}
