import type { StockSnapshot } from "../stock/stock-snapshot.js";
import type { CreateDto, Item, ItemFilter, ItemRange, PatchDto, UpdateDto } from "./item.js";
import { ItemFeed } from "./item-feed.js";
import { nulCharacter, skuTaken } from "./item-refusals.js";

/**
 * The items in memory, with ItemStore's methods and refusals (a sku taken,
 * U+0000 in a text) but answering at once: given in place of it where there
 * is no database, `createApp({ providers: [[ItemStore, new
 * MemoryItemStore()]] })`: the example's Cloudflare worker, which cannot run
 * PGlite, and the peer benchmark, whose other servers keep their items in
 * memory (docs/guide/databases.md, "On Cloudflare Workers"). Ids count from
 * `firstId`, 1 unless given. Given as a provider, it is built by hand, and
 * honest still fills its feed's topic (docs/guide/topics.md, "Declaring a topic").
 */
export class MemoryItemStore extends ItemFeed {
  readonly #items = new Map<bigint, Item>();
  /** StockCount.take's counts, newest first, the last 50. */
  readonly #stock: StockSnapshot[] = [];
  #nextId: bigint;

  /** Seeded with three items, then `more` (the peer benchmark's hundred), from `firstId`. */
  constructor(firstId = 1n, more: readonly Omit<Item, "id">[] = []) {
    super();
    this.#nextId = firstId;
    // Before the app fills the topic: kept, not published (add() would publish).
    for (const item of [
      { name: "keyboard", price: 49.5, tags: ["input", "usb"], inStock: true },
      { name: "mouse", price: 19.99, tags: ["input"], inStock: true },
      { name: "monitor", price: 189, tags: ["display"], inStock: false },
      ...more,
    ])
      this.#items.set(this.#nextId, { id: this.#nextId++, ...item });
  }

  /** Every item, by id. */
  all(): Item[] {
    return [...this.#items.values()];
  }

  page({ tag, limit, offset = 0 }: ItemFilter & ItemRange): { items: Item[]; total: number } {
    const matching = tag === undefined ? this.all() : this.all().filter((item) => item.tags.includes(searchable(tag)));
    return { items: matching.slice(offset, limit === undefined ? undefined : offset + limit), total: matching.length };
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

  recordStock(taken: Pick<StockSnapshot, "tick" | "instance" | "takenAt">): void {
    const inStock = this.all().filter((item) => item.inStock).length;
    this.#stock.unshift({ ...taken, items: this.#items.size, inStock });
    this.#stock.length = Math.min(this.#stock.length, 50);
  }

  stockHistory(): StockSnapshot[] {
    return [...this.#stock];
  }

  add(dto: CreateDto): Item {
    this.#checkSku(dto.sku, undefined);
    const item = { id: this.#nextId++, name: dto.name, price: dto.price, tags: dto.tags ?? [], inStock: dto.inStock ?? true };
    return this.#store(withSku(item, dto.sku), "created");
  }

  /** Every item of `dtos`, or none of them. */
  addMany(dtos: readonly CreateDto[]): Item[] {
    const skus = new Set<string>();
    for (const dto of dtos) {
      this.#checkText(dto);
      if (dto.sku === undefined) continue;
      this.#checkSku(dto.sku, undefined);
      if (skus.has(dto.sku)) throw skuTaken(dto.sku);
      skus.add(dto.sku);
    }
    return dtos.map((dto) => this.add(dto));
  }

  replace(id: bigint, dto: UpdateDto): Item | undefined {
    if (!this.#items.has(id)) return undefined;
    this.#checkSku(dto.sku, id);
    return this.#store(withSku({ id, name: dto.name, price: dto.price, tags: dto.tags, inStock: dto.inStock }, dto.sku), "updated");
  }

  patch(id: bigint, dto: PatchDto): Item | undefined {
    const item = this.#items.get(id);
    if (!item) return undefined;
    this.#checkSku(dto.sku, id);
    const { name = item.name, price = item.price, tags = item.tags, inStock = item.inStock, sku = item.sku } = dto;
    return this.#store(withSku({ id, name, price, tags, inStock }, sku), "updated");
  }

  remove(id: bigint): boolean {
    if (!this.#items.delete(id)) return false;
    this.publish({ event: "removed", data: { id } });
    return true;
  }

  #store(item: Item, event: "created" | "updated"): Item {
    this.#checkText(item);
    this.#items.set(item.id, item);
    this.publish({ event, data: item });
    return item;
  }

  /** Refuses a sku another item than `id` has, as the database's unique column does. */
  #checkSku(sku: string | undefined, id: bigint | undefined): void {
    if (sku === undefined) return;
    for (const item of this.#items.values()) if (item.sku === sku && item.id !== id) throw skuTaken(sku);
  }

  #checkText({ name, tags = [] }: { name: string; tags?: string[] }): void {
    for (const text of [name, ...tags]) searchable(text);
  }
}

function withSku(item: Omit<Item, "sku">, sku: string | undefined): Item {
  return sku === undefined ? item : { ...item, sku };
}

/** Refuses text with U+0000, as the database does. */
function searchable(text: string): string {
  if (text.includes("\u0000")) throw nulCharacter();
  return text;
}
