import { Controller, Get, HttpError } from "honest";
import type { i64, Inject, Json, Path } from "honest";
import type { Insertable, Kysely, Transaction } from "kysely";
import type { ItemsTable, Tables } from "../../../example/src/database/tables.js";
import type { Database } from "../../../example/src/database/database.js";

// What the bench's servers share (docs/benchmarks.md, "A unit of work on
// PostgreSQL"): the insert of POST /items, which apps.ts runs through the
// pool or through the request's unit of work, and the read of GET
// /items/{id}, both also the Fastify servers' (fastify-app.mjs); and the two
// honest apps' GET /health and GET /items/{id}, one row read through the
// pool.

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
