import { ItemStore } from "../../example/dist/items/item-store.js";

// The one store every implementation serves: the example's own ItemStore
// (seeded with 3 items) plus 97 more, so GET /items answers 100 items and
// only the HTTP layer differs between implementations.

export const ITEM_COUNT = 100;

export function hundredItems() {
  const store = new ItemStore();
  for (let n = store.all().length + 1; n <= ITEM_COUNT; n++) {
    store.add({
      name: `item ${n}`,
      price: ((n * 137) % 1000) / 10 + 0.99,
      tags: n % 3 === 0 ? ["bench", "spare"] : ["bench"],
      inStock: n % 2 === 0,
    });
  }
  return store;
}
