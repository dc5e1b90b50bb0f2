import type { i64, MaxItems, MaxLength, Minimum, MinItems, MinLength, Pattern, SseEvent } from "honest";

export interface Item {
  id: i64;
  name: string;
  price: number;
  tags: string[];
  inStock: boolean;
  /** Its stock-keeping unit, when it has one: no two items have the same. */
  sku?: string;
}

/** A stock-keeping unit: up to 32 capital letters, digits and dashes; a second item with the same one is a 409. */
export type Sku = string & Pattern<"^[A-Z0-9][A-Z0-9-]{0,31}$">;

export interface CreateDto {
  name: string;
  price: number;
  tags?: string[];
  inStock?: boolean;
  sku?: Sku;
}

export interface UpdateDto {
  name: string;
  price: number;
  tags: string[];
  inStock: boolean;
  /** Without one, the item has none. */
  sku?: Sku;
}

export type PatchDto = Partial<UpdateDto>;

/** One item of `POST /items/bulk`: stricter than CreateDto, with constraint types the body check enforces. */
export interface NewItem {
  name: string & MinLength<1> & MaxLength<100>;
  price: number & Minimum<0>;
  tags?: (string & MinLength<1>)[] & MaxItems<20>;
  inStock?: boolean;
  sku?: Sku;
}

/** `POST /items/bulk`: from 1 to 100 items at once. */
export type BulkDto = NewItem[] & MinItems<1> & MaxItems<100>;

/** `GET /items?tag=`: the items with a tag, or every item; `GET /items` pages them by `?limit=&offset=` (OffsetPaging). */
export interface ItemFilter {
  tag?: string;
}

/** Which items of a filter a store reads: from `offset`, at most `limit` (every item from the offset without one). */
export interface ItemRange {
  limit?: number;
  offset?: number;
}

export interface Quote {
  item: i64;
  quantity: number;
  total: number;
}

/**
 * A change to the items, as `GET /items/changes` streams it: an event named
 * after what happened, its id the change's number (what a reconnecting
 * client sends back as `Last-Event-ID`).
 */
export type ItemChange = SseEvent<Item, "created" | "updated"> | SseEvent<{ id: i64 }, "removed">;
