import { Controller, createApp, Post, StatusCode } from "honest";
import type { Current, Inject, Json } from "honest";
import type { Context } from "hono";
import type { Database } from "../../../example/src/database/database.js";
import type { UnitOfWork } from "../../../example/src/database/unit-of-work.js";
import { HealthController, insert, type NewItem, ReadController } from "./shared.js";

// The bench's two honest apps (docs/benchmarks.md, "A unit of work on
// PostgreSQL"), alike but for the service behind POST /items. Each
// ItemController reaches only its own service, so only the unit of work's
// routes run in a request scope. One compilation holds both, where two
// handlers of one method and path are an error (TS991013): the unit of
// work's is served under /unit-of-work, which run.mjs asks for.

/** The service writing through the pool: the insert commits on its own. */
export class PoolItems {
  declare readonly database: Inject<Database>;
  add(item: NewItem): Promise<bigint> {
    return insert(this.database.db, item);
  }
}

/** The service writing through this request's unit of work. */
export class UnitOfWorkItems {
  declare readonly work: Current<UnitOfWork>;
  async add(item: NewItem): Promise<bigint> {
    return insert(await this.work.transaction(), item);
  }
}

/** The 201 of POST /items, with where to read the item back. */
function created(c: Context, id: bigint): typeof StatusCode.CREATED {
  c.header("location", `/items/${id}`);
  return StatusCode.CREATED;
}

@Controller()
export class AutocommitItemController {
  declare readonly items: Inject<PoolItems>;
  @Post("/items")
  async create(body: Json<NewItem>, c: Context): Promise<typeof StatusCode.CREATED> {
    return created(c, await this.items.add(body));
  }
}

@Controller({ prefix: "/unit-of-work" })
export class UnitOfWorkItemController {
  declare readonly items: Inject<UnitOfWorkItems>;
  @Post("/items")
  async create(body: Json<NewItem>, c: Context): Promise<typeof StatusCode.CREATED> {
    return created(c, await this.items.add(body));
  }
}

/** POST /items without a unit of work. */
export function autocommitApp() {
  return createApp({ log: false, controllers: [HealthController, ReadController, AutocommitItemController] });
}

/** POST /unit-of-work/items through the request's unit of work. */
export function unitOfWorkApp() {
  return createApp({ log: false, controllers: [HealthController, ReadController, UnitOfWorkItemController] });
}
