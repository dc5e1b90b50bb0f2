import { Controller, createApp, Post, StatusCode } from "honest";
import type { Inject, Json } from "honest";
import type { Context } from "hono";
import type { Database } from "../../../../example/src/database/database.js";
import { HealthController, insert, type NewItem, ReadController } from "../shared.js";

/** The service writing through the pool: the insert commits on its own. */
export class Items {
  declare readonly database: Inject<Database>;
  add(item: NewItem): Promise<bigint> {
    return insert(this.database.db, item);
  }
}

@Controller()
export class ItemController {
  declare readonly items: Inject<Items>;
  @Post("/items")
  async create(body: Json<NewItem>, c: Context): Promise<typeof StatusCode.CREATED> {
    c.header("location", `/items/${await this.items.add(body)}`);
    return StatusCode.CREATED;
  }
}

/** POST /items without a unit of work. */
export const app = createApp({ log: false, controllers: [HealthController, ReadController, ItemController] });
