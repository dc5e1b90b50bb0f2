import { Controller, Get, Use } from "honest";
import type { Inject, Json } from "honest";
import { bearerAuth } from "hono/bearer-auth";
import type { ItemStore } from "../items/item-store.js";

interface Stats {
  items: number;
}

/** Behind a Hono middleware: every route of the class needs the admin token (ADMIN_TOKEN). */
@Controller({ prefix: "/admin" })
@Use(bearerAuth({ token: process.env.ADMIN_TOKEN ?? "admin-secret" }))
export class AdminController {
  declare readonly store: Inject<ItemStore>;

  /** How many items the store holds. */
  @Get("/stats")
  async stats(): Promise<Json<Stats>> {
    return { items: await this.store.count() };
  }
}
