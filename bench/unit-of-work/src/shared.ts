import { Controller, Get, HttpError } from "honest";
import type { i64, Inject, Json, Path } from "honest";
import type { Insertable, Kysely, Transaction } from "kysely";
import type { ItemsTable, Tables } from "../../../example/src/database/tables.js";
import type { Database } from "../../../example/src/database/database.js";

// What the bench's two honest servers share (docs/benchmarks.md, "A unit of
// work on PostgreSQL"): GET /health, GET /items/{id} reading one row through
// the pool, and the insert of POST /items, which autocommit/app.ts runs
// through the pool and unit-of-work/app.ts through the request's unit of
// work. Each app is a compilation of its own (tsconfig.json and
// tsconfig.unit-of-work.json), as both serve POST /items.

export interface NewItem {
  name: string;
  price: number;
  tags: string[];
}

export interface Item extends NewItem {
  id: number;
}

const row = ({ name, price, tags }: NewItem): Insertable<ItemsTable> => ({ name, price, tags, in_stock: true });

/** Inserts one item; its id. */
export async function insert(db: Kysely<Tables> | Transaction<Tables>, item: NewItem): Promise<bigint> {
  const { id } = await db.insertInto("items").values(row(item)).returning("id").executeTakeFirstOrThrow();
  return id;
}

/** Reads one item through the pool; undefined when there is none. */
export async function readItem(db: Kysely<Tables>, id: bigint): Promise<Item | undefined> {
  const found = await db.selectFrom("items").select(["id", "name", "price", "tags"]).where("id", "=", id).executeTakeFirst();
  return found && { ...found, id: Number(found.id) };
}

@Controller()
export class HealthController {
  @Get("/health")
  async health(): Promise<Json<{ status: string }>> {
    return { status: "ok" };
  }
}

@Controller()
export class ReadController {
  declare readonly database: Inject<Database>;
  @Get("/items/{id}")
  async get(id: Path<i64>): Promise<Json<Item>> {
    const found = await readItem(this.database.db, id);
    if (found === undefined) throw new HttpError(404, `item ${id} not found`);
    return found;
  }
}
