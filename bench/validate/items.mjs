// Response data: items with i64 ids (bigint) for honest, and the same items
// with number ids for c.json and JSON.stringify, which throw on a bigint
// (13-digit ids, so both write the same text).

function item(index) {
  return {
    id: 1_000_000_000_000n + BigInt(index),
    name: `Item number ${index}`,
    price: 4.99 + index,
    tags: ["usb", "cable", `batch-${index % 7}`],
    inStock: index % 3 !== 0,
  };
}

const range = (count) => Array.from({ length: count }, (_, index) => item(index));
const withNumberIds = (items) => items.map((entry) => ({ ...entry, id: Number(entry.id) }));

export const bigintItems = { three: range(3), hundred: range(100) };
export const numberItems = { three: withNumberIds(bigintItems.three), hundred: withNumberIds(bigintItems.hundred) };
