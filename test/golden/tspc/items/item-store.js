import * as __honest_import_database_database from "../database/database.js";
import * as __honest from "honest/internal";
import { sql } from "kysely";
import { ItemFeed } from "./item-feed.js";
import { refusalOf } from "./item-refusals.js";
/** An item's columns, as the API names them. */
const ITEM = ["id", "name", "price", "tags", "in_stock as inStock", "sku"];
/**
 * The items, in the database's `items` table: one instance per app,
 * injected into the controllers. Each write is one transaction; the live
 * feed hears of it once it has committed.
 */
export class ItemStore {
    #feed = new ItemFeed();
    /** A page of the items, by id: those with `tag`, from `offset`, at most `limit`. */
    page({ tag, limit, offset = 0 }) {
        return this.#read(async () => {
            let query = this.#items().orderBy("id").offset(offset);
            if (tag !== undefined)
                query = query.where(hasTag(tag));
            if (limit !== undefined)
                query = query.limit(limit);
            return (await query.execute()).map(toItem);
        });
    }
    /** Every item by price, cheapest or dearest first (ties by id). */
    byPrice(order) {
        return this.#read(async () => (await this.#items().orderBy("price", order).orderBy("id").execute()).map(toItem));
    }
    /** The items in stock, or those not. */
    withStock(inStock) {
        return this.#read(async () => (await this.#items().where("in_stock", "=", inStock).orderBy("id").execute()).map(toItem));
    }
    find(id) {
        return this.#read(async () => optionalItem(await this.#items().where("id", "=", id).executeTakeFirst()));
    }
    async count() {
        const { count } = await this.#read(() => this.database.db
            .selectFrom("items")
            .select((select) => select.fn.countAll().as("count"))
            .executeTakeFirstOrThrow());
        return Number(count);
    }
    add(dto) {
        return this.#write(async (tx, changed) => {
            const item = await insert(tx, dto);
            changed({ event: "created", data: item });
            return item;
        });
    }
    /** Every item of `dtos`, or none of them: one transaction. */
    addMany(dtos) {
        return this.#write(async (tx, changed) => {
            const items = [];
            for (const dto of dtos) {
                const item = await insert(tx, dto);
                changed({ event: "created", data: item });
                items.push(item);
            }
            return items;
        });
    }
    replace(id, dto) {
        return this.#write(async (tx, changed) => {
            const item = optionalItem(await tx
                .updateTable("items")
                .set({ name: dto.name, price: dto.price, tags: dto.tags, in_stock: dto.inStock, sku: dto.sku ?? null })
                .where("id", "=", id)
                .returning(ITEM)
                .executeTakeFirst());
            if (item)
                changed({ event: "updated", data: item });
            return item;
        });
    }
    patch(id, dto) {
        const { name, price, tags, inStock, sku } = dto;
        const given = Object.fromEntries(Object.entries({ name, price, tags, in_stock: inStock, sku }).filter(([, value]) => value !== undefined));
        return this.#write(async (tx, changed) => {
            const item = optionalItem(Object.keys(given).length === 0
                ? await tx.selectFrom("items").select(ITEM).where("id", "=", id).executeTakeFirst()
                : await tx.updateTable("items").set(given).where("id", "=", id).returning(ITEM).executeTakeFirst());
            if (item)
                changed({ event: "updated", data: item });
            return item;
        });
    }
    remove(id) {
        return this.#write(async (tx, changed) => {
            const removed = await tx.deleteFrom("items").where("id", "=", id).returning("id").executeTakeFirst();
            if (removed)
                changed({ event: "removed", data: { id } });
            return removed !== undefined;
        });
    }
    changes(after, signal) {
        return this.#feed.changes(after, signal);
    }
    #items() {
        return this.database.db.selectFrom("items").select(ITEM);
    }
    async #read(query) {
        try {
            return await query();
        }
        catch (error) {
            throw refusalOf(error) ?? error;
        }
    }
    /**
     * The one place a write meets its transaction: `work` runs in it, and the
     * changes it reports reach the feed once it has committed. A write that
     * throws rolls back, and an error the client caused (a sku taken) becomes
     * its problem.
     */
    async #write(work) {
        const changes = [];
        let result;
        try {
            result = await this.database.db.transaction().execute((tx) => work(tx, (change) => changes.push(change)));
        }
        catch (error) {
            throw refusalOf(error) ?? error;
        }
        for (const change of changes)
            this.#feed.publish(change);
        return result;
    }
}
__honest.defineInjections(ItemStore, [
    ["database", () => __honest_import_database_database.Database]
]);
async function insert(tx, dto) {
    const row = await tx
        .insertInto("items")
        .values({ name: dto.name, price: dto.price, tags: dto.tags ?? [], in_stock: dto.inStock ?? true, sku: dto.sku ?? null })
        .returning(ITEM)
        .executeTakeFirstOrThrow();
    return toItem(row);
}
/** The item of a row: without `sku` when it has none, as the API writes it. */
function toItem({ sku, ...item }) {
    return sku === null ? item : { ...item, sku };
}
function optionalItem(row) {
    return row === undefined ? undefined : toItem(row);
}
/** `tag = any(tags)`: the item has the tag. */
function hasTag(tag) {
    return sql `${tag} = any(tags)`;
}
