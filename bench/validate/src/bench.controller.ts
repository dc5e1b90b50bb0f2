import { Controller, Get, Post, StatusCode } from "honest";
import type { i64, Integer, Json, Maximum, Minimum, Query } from "honest";
// The example's own item DTOs, so the benchmark checks what the example declares.
import type { CreateDto, Item, UpdateDto } from "../../../example/src/items/item.js";
import type { Order } from "./order.js";

/** The query the query route decodes: the example's ItemFilter, and repeated `ids`. */
export interface QueryFilter {
  tag?: string;
  limit?: number & Integer & Minimum<1> & Maximum<100>;
  offset?: number & Integer & Minimum<0>;
  ids?: i64[];
}

/** The items the response routes send; the runner fills it. */
export const responseItems = { three: [] as Item[], hundred: [] as Item[] };

/** Every body route keeps what it received, so the check's result is used. */
export let received: unknown;

@Controller()
export class BenchController {
  @Post("/create")
  async create(body: Json<CreateDto>): Promise<StatusCode> {
    received = body;
    return StatusCode.NO_CONTENT;
  }

  @Post("/update")
  async update(body: Json<UpdateDto>): Promise<StatusCode> {
    received = body;
    return StatusCode.NO_CONTENT;
  }

  @Post("/order")
  async order(body: Json<Order>): Promise<StatusCode> {
    received = body;
    return StatusCode.NO_CONTENT;
  }

  @Get("/query")
  async query(q: Query<QueryFilter>): Promise<StatusCode> {
    received = q;
    return StatusCode.NO_CONTENT;
  }

  @Get("/items/3")
  async three(): Promise<Json<Item[]>> {
    return responseItems.three;
  }

  @Get("/items/100")
  async hundred(): Promise<Json<Item[]>> {
    return responseItems.hundred;
  }
}
