// The DTO interfaces and the in-memory store of one controller, the same text
// in both flavours except for the type of ids: honest's `i64` (a bigint to the
// type checker) or a plain `bigint`.

export function dtoFile(c, { honest }) {
  const id = honest ? "i64" : "bigint";
  return `${honest ? `import type { i64 } from "honest";\n\n` : ""}export interface ${c.dims} {
  width: number;
  height: number;
  unit: "cm" | "in";
}

export interface ${c.item} {
  id: ${id};
  name: string;
  price: number;
  tags: string[];
  dims: ${c.dims};
  note?: string;
}

export interface ${c.create} {
  name: string;
  price: number;
  tags?: string[];
  dims: ${c.dims};
  note?: string;
}

export interface ${c.quote} {
  item: ${id};
  quantity: number;
  total: number;
}
`;
}

export function storeFile(c) {
  return `import type { ${c.create}, ${c.item} } from "./${c.dir}.dto.js";

export class ${c.store} {
  readonly #items = new Map<bigint, ${c.item}>();
  #nextId = 1n;

  constructor() {
    this.add({ name: "first", price: 9.5, tags: ["a", "b"], dims: { width: 1, height: 2, unit: "cm" } });
  }

  all(): ${c.item}[] {
    return [...this.#items.values()];
  }

  find(id: bigint): ${c.item} | undefined {
    return this.#items.get(id);
  }

  add(dto: ${c.create}): ${c.item} {
    const item: ${c.item} = { id: this.#nextId++, name: dto.name, price: dto.price, tags: dto.tags ?? [], dims: dto.dims, note: dto.note };
    this.#items.set(item.id, item);
    return item;
  }

  replace(id: bigint, dto: ${c.create}): ${c.item} | undefined {
    if (!this.#items.has(id)) return undefined;
    const item: ${c.item} = { id, name: dto.name, price: dto.price, tags: dto.tags ?? [], dims: dto.dims, note: dto.note };
    this.#items.set(id, item);
    return item;
  }

  patch(id: bigint, dto: Partial<${c.create}>): ${c.item} | undefined {
    const item = this.#items.get(id);
    if (!item) return undefined;
    const patched: ${c.item} = { ...item, ...dto, id };
    this.#items.set(id, patched);
    return patched;
  }

  remove(id: bigint): boolean {
    return this.#items.delete(id);
  }
}
`;
}
