import type { Current, Inject } from "honest";
import { type Expression, type Kysely, type SqlBool, sql } from "kysely";
import type { Database } from "../database/database.js";
import type { Tables } from "../database/tables.js";
import type { StockSnapshot } from "../stock/stock-snapshot.js";
import type { UnitOfWork } from "../database/unit-of-work.js";
import type { CreateDto, Item, ItemChange, ItemFilter, ItemRange, PatchDto, UpdateDto } from "./item.js";
import { ItemFeed } from "./item-feed.js";
import { refusalOf } from "./item-refusals.js";

/** An item's columns, as the API names them. */
const ITEM = ["id", "name", "price", "tags", "in_stock as inStock", "sku"] as const;

/** How many stock counts are kept, and GET /stock answers with. */
const STOCK_KEPT = 50;

/** A row of ITEM: an item, its sku null when it has none. */
type ItemRow = Omit<Item, "sku"> & { sku: string | null };

/**
 * The items, in the database's `items` table: one instance per app,
 * injected into the controllers. A request's writes are its unit of work's
 * one transaction, read through `Current<UnitOfWork>` (docs/guide/request-scope.md,
 * "A unit of work"), committed once the request is answered; the live feed
 * hears of them once they have committed (ItemFeed, the topic of the items'
 * changes).
 */
export class ItemStore extends ItemFeed {
  declare readonly work: Current<UnitOfWork>;
  /** For the stock counts, which a scheduled job writes outside any request. */
  declare readonly database: Inject<Database>;

  /** A page of the items, by id: those with `tag`, from `offset`, at most `limit`; and how many have the tag. */
  page({ tag, limit, offset = 0 }: ItemFilter & ItemRange): Promise<{ items: Item[]; total: number }> {
    return this.#read(async (db) => {
      let query = items(db).orderBy("id").offset(offset);
      let counted = db.selectFrom("items").select((select) => select.fn.countAll<bigint>().as("count"));
      if (tag !== undefined) {
        query = query.where(hasTag(tag));
        counted = counted.where(hasTag(tag));
      }
      if (limit !== undefined) query = query.limit(limit);
      const [rows, { count }] = await Promise.all([query.execute(), counted.executeTakeFirstOrThrow()]);
      return { items: rows.map(toItem), total: Number(count) };
    });
  }

  /** Every item by price, cheapest or dearest first (ties by id). */
  byPrice(order: "asc" | "desc"): Promise<Item[]> {
    return this.#read(async (db) => (await items(db).orderBy("price", order).orderBy("id").execute()).map(toItem));
  }

  /** The items in stock, or those not. */
  withStock(inStock: boolean): Promise<Item[]> {
    return this.#read(async (db) => (await items(db).where("in_stock", "=", inStock).orderBy("id").execute()).map(toItem));
  }

  find(id: bigint): Promise<Item | undefined> {
    return this.#read(async (db) => optionalItem(await items(db).where("id", "=", id).executeTakeFirst()));
  }

  async count(): Promise<number> {
    const { count } = await this.#read((db) =>
      db
        .selectFrom("items")
        .select((select) => select.fn.countAll<bigint>().as("count"))
        .executeTakeFirstOrThrow(),
    );
    return Number(count);
  }

  add(dto: CreateDto): Promise<Item> {
    return this.#write(async (tx, changed) => {
      const item = await insert(tx, dto);
      changed({ event: "created", data: item });
      return item;
    });
  }

  /** Every item of `dtos`, or none of them: one transaction. */
  addMany(dtos: readonly CreateDto[]): Promise<Item[]> {
    return this.#write(async (tx, changed) => {
      const items: Item[] = [];
      for (const dto of dtos) {
        const item = await insert(tx, dto);
        changed({ event: "created", data: item });
        items.push(item);
      }
      return items;
    });
  }

  replace(id: bigint, dto: UpdateDto): Promise<Item | undefined> {
    return this.#write(async (tx, changed) => {
      const item = optionalItem(
        await tx
          .updateTable("items")
          .set({ name: dto.name, price: dto.price, tags: dto.tags, in_stock: dto.inStock, sku: dto.sku ?? null })
          .where("id", "=", id)
          .returning(ITEM)
          .executeTakeFirst(),
      );
      if (item) changed({ event: "updated", data: item });
      return item;
    });
  }

  patch(id: bigint, dto: PatchDto): Promise<Item | undefined> {
    const { name, price, tags, inStock, sku } = dto;
    const given = Object.fromEntries(
      Object.entries({ name, price, tags, in_stock: inStock, sku }).filter(([, value]) => value !== undefined),
    );
    return this.#write(async (tx, changed) => {
      const item = optionalItem(
        Object.keys(given).length === 0
          ? await tx.selectFrom("items").select(ITEM).where("id", "=", id).executeTakeFirst()
          : await tx.updateTable("items").set(given).where("id", "=", id).returning(ITEM).executeTakeFirst(),
      );
      if (item) changed({ event: "updated", data: item });
      return item;
    });
  }

  remove(id: bigint): Promise<boolean> {
    return this.#write(async (tx, changed) => {
      const removed = await tx.deleteFrom("items").where("id", "=", id).returning("id").executeTakeFirst();
      if (removed) changed({ event: "removed", data: { id } });
      return removed !== undefined;
    });
  }

  /** Counts the items and those in stock, and keeps the count with the last ones (StockCount.take's job, outside any request). */
  async recordStock({ tick, instance, takenAt }: Pick<StockSnapshot, "tick" | "instance" | "takenAt">): Promise<void> {
    const db = this.database.db;
    const counts = await db
      .selectFrom("items")
      .select((select) => [
        select.fn.countAll<bigint>().as("items"),
        select.fn.countAll<bigint>().filterWhere("in_stock", "=", true).as("inStock"),
      ])
      .executeTakeFirstOrThrow();
    await db
      .insertInto("stock_counts")
      .values({ tick, instance, taken_at: takenAt, items: Number(counts.items), in_stock: Number(counts.inStock) })
      .execute();
    const kept = db.selectFrom("stock_counts").select("id").orderBy("id", "desc").limit(STOCK_KEPT);
    await db.deleteFrom("stock_counts").where("id", "not in", kept).execute();
  }

  /** The stock counts kept, newest first. */
  async stockHistory(): Promise<StockSnapshot[]> {
    const rows = await this.database.db.selectFrom("stock_counts").selectAll().orderBy("id", "desc").limit(STOCK_KEPT).execute();
    return rows.map((row) => ({
      tick: new Date(row.tick),
      instance: row.instance,
      takenAt: new Date(row.taken_at),
      items: row.items,
      inStock: row.in_stock,
    }));
  }

  /** A read, through the request's transaction once it has written (its own writes seen), else the pool. */
  async #read<T>(query: (db: Kysely<Tables>) => Promise<T>): Promise<T> {
    try {
      return await query(await this.work.reader());
    } catch (error) {
      throw refusalOf(error) ?? error;
    }
  }

  /**
   * The one place a write meets its transaction, the request's unit of work:
   * `work` runs in it, and the changes it reports reach the feed once the
   * request's writes have committed. An error the client caused (a sku
   * taken) becomes its problem, and the refusal rolls the writes back.
   */
  async #write<T>(work: (tx: Kysely<Tables>, changed: (change: ItemChange) => void) => Promise<T>): Promise<T> {
    const unit = this.work;
    try {
      return await work(await unit.transaction(), (change) => unit.afterCommit(() => this.publish(change)));
    } catch (error) {
      throw refusalOf(error) ?? error;
    }
  }
}

/** The items' columns, as the API names them, from `db` (the pool or a transaction). */
function items(db: Kysely<Tables>) {
  return db.selectFrom("items").select(ITEM);
}

async function insert(tx: Kysely<Tables>, dto: CreateDto): Promise<Item> {
  const row = await tx
    .insertInto("items")
    .values({ name: dto.name, price: dto.price, tags: dto.tags ?? [], in_stock: dto.inStock ?? true, sku: dto.sku ?? null })
    .returning(ITEM)
    .executeTakeFirstOrThrow();
  return toItem(row);
}

/** The item of a row: without `sku` when it has none, as the API writes it. */
function toItem({ sku, ...item }: ItemRow): Item {
  return sku === null ? item : { ...item, sku };
}

function optionalItem(row: ItemRow | undefined): Item | undefined {
  return row === undefined ? undefined : toItem(row);
}

/** `tag = any(tags)`: the item has the tag. */
function hasTag(tag: string): Expression<SqlBool> {
  return sql<SqlBool>`${tag} = any(tags)`;
}
