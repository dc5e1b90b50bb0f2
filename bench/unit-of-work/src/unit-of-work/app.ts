import { Controller, createApp, Post, StatusCode } from "honest";
import type { Current, Inject, Json } from "honest";
import type { Context } from "hono";
import type { UnitOfWork } from "../../../../example/src/database/unit-of-work.js";
import { HealthController, insert, type NewItem, ReadController } from "../shared.js";

/** The service writing through this request's unit of work. */
export class Items {
  declare readonly work: Current<UnitOfWork>;
  async add(item: NewItem): Promise<bigint> {
    return insert(await this.work.transaction(), item);
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

/** POST /items through the request's unit of work. */
export const app = createApp({ log: false, controllers: [HealthController, ReadController, ItemController] });
