// The request bodies, as JSON text. Each invalid body has four faults.
// `exactIntegers`: the body's type holds an i64, so honest reads it with exact
// integers (lossless-json when the text has a fraction, an exponent or a run
// of 16 digits; JSON.parse otherwise).

const json = (value) => JSON.stringify(value);

const line = (id, sku, quantity, unitPrice) => ({ id, sku, quantity, unitPrice });

const order = (unitPrices) => ({
  id: 1001,
  customer: { name: "Ada Lovelace", email: "ada@example.com", vip: true },
  lines: [line(1, "CABLE-USB-C", 2, unitPrices[0]), line(2, "HUB-4P", 1, unitPrices[1]), line(3, "MOUSE-BT", 1, unitPrices[2])],
  payment: { kind: "card", last4: "4242" },
  note: "leave at the door",
});

export const scenarios = [
  {
    name: "CreateDto",
    path: "/create",
    valid: json({ name: "USB-C cable", price: 9.99, tags: ["usb", "cable"], inStock: true }),
    invalid: json({ name: 42, price: "cheap", tags: ["usb", 7], inStock: "yes" }),
  },
  {
    name: "UpdateDto",
    path: "/update",
    valid: json({ name: "USB-C cable", price: 9.99, tags: ["usb", "cable"], inStock: true }),
    invalid: json({ name: null, price: "9.99", tags: "usb", inStock: 1 }),
  },
  {
    name: "Order, fractional prices",
    path: "/order",
    exactIntegers: true,
    valid: json(order([9.99, 24.5, 19.95])),
    invalid: json({
      ...order([9.99, 24.5, 19.95]),
      id: "1001",
      customer: { name: "Ada Lovelace" },
      lines: [line(1, "CABLE-USB-C", "two", 9.99), line(2, "HUB-4P", 1, 24.5)],
      payment: { kind: "card" },
    }),
  },
  {
    name: "Order, whole prices",
    path: "/order",
    exactIntegers: true,
    valid: json(order([999, 2450, 1995])),
  },
];
