import { MemoryItemStore } from "../../example/dist/items/memory-item-store.js";

// The one store every implementation serves: the example's own store in
// memory, MemoryItemStore (seeded with 3 items), plus 97 more, so GET /items
// answers 100 items and only the HTTP layer differs between
// implementations. honest's app is given it in place of its database's
// ItemStore (impl/honest.mjs): the other contenders keep their items in
// memory, so a database would measure PGlite, not HTTP (docs/benchmarks.md,
// "Like for like").

export const ITEM_COUNT = 100;

export function hundredItems() {
  const more = [];
  for (let n = 4; n <= ITEM_COUNT; n++) {
    more.push({
      name: `item ${n}`,
      price: ((n * 137) % 1000) / 10 + 0.99,
      tags: n % 3 === 0 ? ["bench", "spare"] : ["bench"],
      inStock: n % 2 === 0,
    });
  }
  // Seeded by the constructor: add() would publish on the items' topic, which the app fills only once it is built.
  return new MemoryItemStore(1n, more);
}
