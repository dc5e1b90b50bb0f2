// A small app with every kind of input a generated client sends, for
// test/client: its routes compiled with the `client` plugin option.

export const CLIENT_APP: Readonly<Record<string, string>> = {
  "src/item.ts": `
import type { i64, MaxLength } from "honest";
/** An item of the store. */
export interface Item {
  /** The item's id, exact beyond 2^53. */
  id: i64;
  name: string & MaxLength<20>;
  tags: string[];
  price: number;
  parent?: Item;
}
export interface CreateItem {
  id: i64;
  name: string & MaxLength<20>;
  tags: string[];
  price: number;
}
export interface Filter {
  tag?: string;
  limit?: number;
  after?: i64;
}
`,
  "src/item.controller.ts": `
import { Controller, Get, Post, Delete, HttpError, StatusCode } from "honest";
import type { Cookie, Form, Header, i64, Json, Path, Query } from "honest";
import type { CreateItem, Filter, Item } from "./item.js";

/** The items of the store. */
@Controller({ prefix: "/items" })
export class ItemController {
  #items = new Map<bigint, Item>();

  /** Items by tag, after an id. */
  @Get("/")
  async list({ tag, limit, after }: Query<Filter>): Promise<Json<Item[]>> {
    const all = [...this.#items.values()].filter((item) => (tag === undefined || item.tags.includes(tag)) && (after === undefined || item.id > after));
    return all.slice(0, limit);
  }

  /** One item; a 404 when there is none. */
  @Get("/{id}")
  async get(id: Path<i64>, { "x-trace": trace }: Header<{ "x-trace"?: string }>): Promise<Json<Item> | HttpError<404>> {
    const item = this.#items.get(id);
    if (item === undefined) throw new HttpError(404, "no item " + id + (trace ? " (" + trace + ")" : ""));
    return item;
  }

  /** A new item: a 201 with it. */
  @Post("/")
  async create(body: Json<CreateItem>, { session }: Cookie<{ session: string }>): Promise<Json<Item, 201>> {
    if (session !== "s1") throw new HttpError(401, "no session");
    const item: Item = { ...body, parent: this.#items.get(body.id - 1n) };
    this.#items.set(body.id, item);
    return item;
  }

  /** A photo of an item, with a caption: what arrived. */
  @Post("/{id}/photo")
  async upload(id: Path<i64>, form: Form<{ photo: File; caption?: string; sizes?: number[] }>): Promise<Json<{ item: i64; name: string; text: string; caption?: string; sizes?: number[] }, 201>> {
    return { item: id, name: form.photo.name, text: await form.photo.text(), caption: form.caption, sizes: form.sizes };
  }

  /** Items whose name holds the text: a placeholder named query goes under path, beside the query string's keys. */
  @Get("/{id}/search/{query}")
  async search([id, query]: Path<[i64, string]>, { limit }: Query<{ limit?: number }>): Promise<Json<Item[]>> {
    return [...this.#items.values()].filter((item) => item.id >= id && item.name.includes(query)).slice(0, limit);
  }

  /** Removes an item: a 204, or a 404 without a body. */
  @Delete("/{id}")
  async remove(id: Path<i64>): Promise<204 | 404> {
    return this.#items.delete(id) ? StatusCode.NO_CONTENT : 404;
  }
}
`,
  "src/app.ts": `
import { createApp } from "honest";
export const app = createApp({ log: false });
`,
};
