import type { CreateDto, Item, PatchDto, UpdateDto } from "./item.js";

/**
 * The items, in memory: one instance per app, injected into ItemController.
 * Ids count from `firstId`, 1 unless a provider gives another store
 * (`providers: [[ItemStore, new ItemStore(9007199254740993n)]]`).
 */
export class ItemStore {
  readonly #items = new Map<bigint, Item>();
  #nextId: bigint;

  constructor(firstId = 1n) {
    this.#nextId = firstId;
    this.add({ name: "keyboard", price: 49.5, tags: ["input", "usb"], inStock: true });
    this.add({ name: "mouse", price: 19.99, tags: ["input"], inStock: true });
    this.add({ name: "monitor", price: 189, tags: ["display"], inStock: false });
  }

  all(): Item[] {
    return [...this.#items.values()];
  }

  find(id: bigint): Item | undefined {
    return this.#items.get(id);
  }

  add(dto: CreateDto): Item {
    const item: Item = { id: this.#nextId++, name: dto.name, price: dto.price, tags: dto.tags ?? [], inStock: dto.inStock ?? true };
    this.#items.set(item.id, item);
    return item;
  }

  replace(id: bigint, dto: UpdateDto): Item | undefined {
    if (!this.#items.has(id)) return undefined;
    const item: Item = { id, name: dto.name, price: dto.price, tags: dto.tags, inStock: dto.inStock };
    this.#items.set(id, item);
    return item;
  }

  patch(id: bigint, dto: PatchDto): Item | undefined {
    const item = this.#items.get(id);
    if (!item) return undefined;
    const patched: Item = { ...item, ...dto, id };
    this.#items.set(id, patched);
    return patched;
  }

  remove(id: bigint): boolean {
    return this.#items.delete(id);
  }
}
