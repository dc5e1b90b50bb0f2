import type { CreateDto, Item, ItemChange, ItemFilter, PatchDto, UpdateDto } from "./item.js";
import { ItemFeed } from "./item-feed.js";
import { nameTaken, nulCharacter } from "./item-refusals.js";

/**
 * The items in memory, with ItemStore's methods and refusals (a name taken,
 * U+0000 in a text) but answering at once: given in place of it where there
 * is no database, `createApp({ providers: [[ItemStore, new
 * MemoryItemStore()]] })`: the example's Cloudflare worker, which cannot run
 * PGlite, and the peer benchmark, whose other servers keep their items in
 * memory (docs/guide/databases.md, "On Cloudflare Workers"). Ids count from
 * `firstId`, 1 unless given.
 */
export class MemoryItemStore {
  readonly #items = new Map<bigint, Item>();
  readonly #feed = new ItemFeed();
  #nextId: bigint;

  constructor(firstId = 1n) {
    this.#nextId = firstId;
    this.add({ name: "keyboard", price: 49.5, tags: ["input", "usb"], inStock: true });
    this.add({ name: "mouse", price: 19.99, tags: ["input"], inStock: true });
    this.add({ name: "monitor", price: 189, tags: ["display"], inStock: false });
  }

  /** Every item, by id. */
  all(): Item[] {
    return [...this.#items.values()];
  }

  page({ tag, limit, offset = 0 }: ItemFilter): Item[] {
    const matching = tag === undefined ? this.all() : this.all().filter((item) => item.tags.includes(searchable(tag)));
    return matching.slice(offset, limit === undefined ? undefined : offset + limit);
  }

  byPrice(order: "asc" | "desc"): Item[] {
    const sign = order === "asc" ? 1 : -1;
    return this.all().sort((a, b) => sign * (a.price - b.price));
  }

  withStock(inStock: boolean): Item[] {
    return this.all().filter((item) => item.inStock === inStock);
  }

  find(id: bigint): Item | undefined {
    return this.#items.get(id);
  }

  count(): number {
    return this.#items.size;
  }

  add(dto: CreateDto): Item {
    this.#checkName(dto.name, undefined);
    return this.#store(
      { id: this.#nextId++, name: dto.name, price: dto.price, tags: dto.tags ?? [], inStock: dto.inStock ?? true },
      "created",
    );
  }

  /** Every item of `dtos`, or none of them. */
  addMany(dtos: readonly CreateDto[]): Item[] {
    const names = new Set<string>();
    for (const dto of dtos) {
      this.#checkName(dto.name, undefined);
      if (names.has(dto.name)) throw nameTaken(dto.name);
      names.add(dto.name);
    }
    return dtos.map((dto) => this.add(dto));
  }

  replace(id: bigint, dto: UpdateDto): Item | undefined {
    if (!this.#items.has(id)) return undefined;
    this.#checkName(dto.name, id);
    return this.#store({ id, name: dto.name, price: dto.price, tags: dto.tags, inStock: dto.inStock }, "updated");
  }

  patch(id: bigint, dto: PatchDto): Item | undefined {
    const item = this.#items.get(id);
    if (!item) return undefined;
    if (dto.name !== undefined) this.#checkName(dto.name, id);
    const { name = item.name, price = item.price, tags = item.tags, inStock = item.inStock } = dto;
    return this.#store({ id, name, price, tags, inStock }, "updated");
  }

  remove(id: bigint): boolean {
    if (!this.#items.delete(id)) return false;
    this.#feed.publish({ event: "removed", data: { id } });
    return true;
  }

  changes(after: bigint | undefined, signal: AbortSignal): AsyncGenerator<ItemChange> {
    return this.#feed.changes(after, signal);
  }

  #store(item: Item, event: "created" | "updated"): Item {
    for (const tag of item.tags) searchable(tag);
    this.#items.set(item.id, item);
    this.#feed.publish({ event, data: item });
    return item;
  }

  /** Refuses a name another item than `id` has, as the database's unique column does. */
  #checkName(name: string, id: bigint | undefined): void {
    searchable(name);
    for (const item of this.#items.values()) if (item.name === name && item.id !== id) throw nameTaken(name);
  }
}

/** Refuses text with U+0000, as the database does. */
function searchable(text: string): string {
  if (text.includes("\u0000")) throw nulCharacter();
  return text;
}
