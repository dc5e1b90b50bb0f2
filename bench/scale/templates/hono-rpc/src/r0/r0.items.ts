import type { Create0, Item0 } from "./r0.schemas.js";

export class Store0 {
  readonly #items = new Map<number, Item0>();
  #nextId = 1;

  constructor() {
    this.add({ name: "first", price: 9.5, tags: ["a", "b"], dims: { width: 1, height: 2, unit: "cm" } });
  }

  all(): Item0[] {
    return [...this.#items.values()];
  }

  find(id: number): Item0 | undefined {
    return this.#items.get(id);
  }

  add(dto: Create0): Item0 {
    const item: Item0 = { id: this.#nextId++, name: dto.name, price: dto.price, tags: dto.tags ?? [], dims: dto.dims, note: dto.note };
    this.#items.set(item.id, item);
    return item;
  }

  replace(id: number, dto: Create0): Item0 | undefined {
    if (!this.#items.has(id)) return undefined;
    const item: Item0 = { id, name: dto.name, price: dto.price, tags: dto.tags ?? [], dims: dto.dims, note: dto.note };
    this.#items.set(id, item);
    return item;
  }

  patch(id: number, dto: Partial<Create0>): Item0 | undefined {
    const item = this.#items.get(id);
    if (!item) return undefined;
    const patched: Item0 = { ...item, ...dto, id };
    this.#items.set(id, patched);
    return patched;
  }

  remove(id: number): boolean {
    return this.#items.delete(id);
  }
}
