import { Controller, Delete, Get, HttpError, Patch, Post, Put, StatusCode } from "honest";
import type { i64, Inject, Json, Path } from "honest";
import type { Context } from "hono";
import type { Create0, Item0, Quote0 } from "./r0.dto.js";
import type { Store0 } from "./r0.store.js";

@Controller({ prefix: "/r0" })
export class R0Controller {
  declare readonly store: Inject<Store0>;

  @Get("/")
  async list(): Promise<Json<Item0[]>> {
    return this.store.all();
  }

  @Get("/{id}")
  async get(id: Path<i64>): Promise<Json<Item0>> {
    return this.store.find(id) ?? missing(id);
  }

  @Post("/")
  async create(body: Json<Create0>, c: Context): Promise<StatusCode> {
    const item = this.store.add(body);
    c.header("location", `/r0/${item.id}`);
    return StatusCode.CREATED;
  }

  @Put("/{id}")
  async update(id: Path<i64>, body: Json<Create0>): Promise<Json<Item0>> {
    return this.store.replace(id, body) ?? missing(id);
  }

  @Patch("/{id}")
  async patch(id: Path<i64>, body: Json<Partial<Create0>>): Promise<Json<Item0>> {
    return this.store.patch(id, body) ?? missing(id);
  }

  @Delete("/{id}")
  async remove(id: Path<i64>): Promise<StatusCode> {
    if (!this.store.remove(id)) missing(id);
    return StatusCode.NO_CONTENT;
  }

  @Get("/by-name/{name}")
  async byName(name: Path<string>): Promise<Json<Item0[]>> {
    return this.store.all().filter((item) => item.name === name);
  }

  @Get("/{id}/quote/{quantity}")
  async quote([id, quantity]: Path<[i64, number]>): Promise<Json<Quote0>> {
    const item = this.store.find(id) ?? missing(id);
    return { item: item.id, quantity, total: item.price * quantity };
  }
}

function missing(id: bigint): never {
  throw new HttpError(StatusCode.NOT_FOUND, `item ${id} not found`);
}
