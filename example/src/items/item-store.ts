import type { CreateDto, Item, ItemChange, PatchDto, UpdateDto } from "./item.js";

/** Changes kept for clients that reconnect with a `Last-Event-ID`. */
const KEPT_CHANGES = 100;

/**
 * The items, in memory: one instance per app, injected into ItemController.
 * Ids count from `firstId`, 1 unless a provider gives another store
 * (`providers: [[ItemStore, new ItemStore(9007199254740993n)]]`).
 */
export class ItemStore {
  readonly #items = new Map<bigint, Item>();
  #nextId: bigint;
  /** The latest changes, oldest first, each with its number as its id. */
  readonly #changes: (ItemChange & { id: bigint })[] = [];
  #lastChange = 0n;
  /** Feeds waiting for the next change. */
  readonly #waiting = new Set<() => void>();

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
    this.#changed({ event: "created", data: item });
    return item;
  }

  replace(id: bigint, dto: UpdateDto): Item | undefined {
    if (!this.#items.has(id)) return undefined;
    const item: Item = { id, name: dto.name, price: dto.price, tags: dto.tags, inStock: dto.inStock };
    this.#items.set(id, item);
    this.#changed({ event: "updated", data: item });
    return item;
  }

  patch(id: bigint, dto: PatchDto): Item | undefined {
    const item = this.#items.get(id);
    if (!item) return undefined;
    const patched: Item = { ...item, ...dto, id };
    this.#items.set(id, patched);
    this.#changed({ event: "updated", data: patched });
    return patched;
  }

  remove(id: bigint): boolean {
    if (!this.#items.delete(id)) return false;
    this.#changed({ event: "removed", data: { id } });
    return true;
  }

  /**
   * The changes after `after` (the last one a client saw, or from now on),
   * then each change as it happens, until `signal` aborts.
   */
  async *changes(after: bigint | undefined, signal: AbortSignal): AsyncGenerator<ItemChange> {
    let seen = after ?? this.#lastChange;
    while (!signal.aborted) {
      for (const change of this.#changes) {
        if (change.id <= seen) continue;
        seen = change.id;
        yield change;
      }
      await this.#nextChange(signal);
    }
  }

  #changed(change: ItemChange): void {
    this.#changes.push({ ...change, id: ++this.#lastChange });
    if (this.#changes.length > KEPT_CHANGES) this.#changes.shift();
    for (const wake of this.#waiting) wake();
  }

  /** Resolves at the next change, or when `signal` aborts. */
  #nextChange(signal: AbortSignal): Promise<void> {
    return new Promise((resolve) => {
      const wake = () => {
        this.#waiting.delete(wake);
        signal.removeEventListener("abort", wake);
        resolve();
      };
      this.#waiting.add(wake);
      signal.addEventListener("abort", wake, { once: true });
    });
  }
}
