import { CacheControl, Controller, Delete, Get, HttpError, Patch, Post, Put, RateLimit, StatusCode } from "honest";
import type { From, Header, i64, Inject, Json, Logger, OffsetPaging, Paged, Path, Pattern, Query, Sse } from "honest";
import type { Context } from "hono";
import type { BulkDto, CreateDto, Item, ItemChange, ItemFilter, PatchDto, Quote, UpdateDto } from "./item.js";
import type { ItemStore } from "./item-store.js";
import type { ItemVersion } from "./item-version.js";

/**
 * The items in the store: listed, read, created, replaced, patched and
 * removed by id. A sku another item has is a 409.
 */
@Controller()
export class ItemController {
  declare readonly store: Inject<ItemStore>;
  /** The app's logger: its lines carry the request's id (docs/guide/logs-and-traces.md, "Logs"). */
  declare readonly log: Inject<Logger>;

  /**
   * A filtered page of the items: `?tag=usb&limit=10&offset=20`, 100 a page unless asked.
   *
   * The body is the page's items; the Link header names the first, previous, next and last pages, and
   * X-Total-Count counts the items with the tag.
   */
  @Get("/items")
  async list({ tag, limit, offset }: Query<ItemFilter & OffsetPaging>): Promise<Paged<Item>> {
    return this.store.page({ tag, limit, offset });
  }

  /**
   * The items' changes as they happen, as server-sent events: `created`,
   * `updated` and `removed`, each with its number as its id; a client that
   * reconnects with `Last-Event-ID`, to this instance or another, gets the
   * changes it missed first, or a 410 when they are no longer kept (the last
   * 1000 are).
   */
  @Get("/items/changes")
  async changes({ "last-event-id": lastSeen }: Header<{ "last-event-id"?: i64 }>, c: Context): Promise<Sse<ItemChange>> {
    return this.store.changes(lastSeen, c.req.raw.signal);
  }

  /**
   * One item by its id, its version as its ETag; a 404 when there is none.
   *
   * A client that sends the ETag it holds back as If-None-Match gets a 304, without a body, while the item is unchanged.
   * @param id the item's id, a 64-bit integer
   */
  @Get("/items/{id}")
  @CacheControl("private, no-cache")
  async get(id: Path<i64>, _version: From<ItemVersion>): Promise<Json<Item> | HttpError<404>> {
    return (await this.store.find(id)) ?? this.#missing(id);
  }

  /** A new item: a 201 with its `location`; a 409 when another item has its sku. */
  @Post("/items")
  async create(body: Json<CreateDto>, c: Context): Promise<typeof StatusCode.CREATED | HttpError<409>> {
    const item = await this.store.add(body);
    this.log.debug({ itemId: String(item.id) }, "item created");
    c.header("location", `/items/${item.id}`);
    return StatusCode.CREATED;
  }

  /**
   * Several items at once, all or none: a 201 with the items created, in order; a client's `x-request-id` is echoed back.
   *
   * Each client address may call it 5 times a minute; past that, a 429 says when to try again.
   * @param body the items to create, in order
   */
  @Post("/items/bulk")
  @RateLimit({ limit: 5, window: "1m" })
  async createMany(
    body: Json<BulkDto>,
    { "x-request-id": requestId }: Header<{ "x-request-id"?: string & Pattern<"^[A-Za-z0-9._-]{1,64}$"> }>,
    c: Context,
  ): Promise<Json<Item[], 201>> {
    if (requestId !== undefined) c.header("x-request-id", requestId);
    return this.store.addMany(body);
  }

  /**
   * Replaces an item, every field given; a 404 when there is none, a 409 when another item has the sku.
   *
   * With If-Match, only the version it names: a 412, nothing written, when the item changed since; the answer's ETag is the new version.
   */
  @Put("/items/{id}")
  async update(id: Path<i64>, _version: From<ItemVersion>, body: Json<UpdateDto>): Promise<Json<Item> | HttpError<404> | HttpError<409>> {
    return (await this.store.replace(id, body)) ?? this.#missing(id);
  }

  /** Removes an item: a 204, or a 404 when there is none. */
  @Delete("/items/{id}")
  async remove(id: Path<i64>): Promise<typeof StatusCode.NO_CONTENT | HttpError<404>> {
    return (await this.store.remove(id)) ? StatusCode.NO_CONTENT : this.#missing(id);
  }

  /** Changes the fields given, and keeps the others; a 404 when there is none, a 409 when another item has the sku. */
  @Patch("/items/{id}")
  async patch(id: Path<i64>, body: Json<PatchDto>): Promise<Json<Item> | HttpError<404> | HttpError<409>> {
    return (await this.store.patch(id, body)) ?? this.#missing(id);
  }

  /** A string parameter: percent-decoded once (`/items/tagged/usb%20c`). */
  @Get("/items/tagged/{tag}")
  async tagged(tag: Path<string>): Promise<Json<Item[]>> {
    return (await this.store.page({ tag })).items;
  }

  /** A union of literals: only "asc" or "desc". */
  @Get("/items/sorted/{order}")
  async sorted(order: Path<"asc" | "desc">): Promise<Json<Item[]>> {
    return this.store.byPrice(order);
  }

  /** A boolean: only "true" or "false". */
  @Get("/items/in-stock/{inStock}")
  async inStock(inStock: Path<boolean>): Promise<Json<Item[]>> {
    return this.store.withStock(inStock);
  }

  /** Two placeholders of different types, as a tuple in path order. */
  @Get("/items/{id}/quote/{quantity}")
  async quote([id, quantity]: Path<[i64, number]>): Promise<Json<Quote> | HttpError<404>> {
    const item = await this.store.find(id);
    if (item === undefined) return this.#missing(id);
    return { item: item.id, quantity, total: item.price * quantity };
  }

  /** The 404 of an id no item has, which the routes that look one up declare (docs/guide/errors.md, "Errors a route declares"). */
  #missing(id: bigint): HttpError<404> {
    return new HttpError(StatusCode.NOT_FOUND, `item ${id} not found`);
  }
}
