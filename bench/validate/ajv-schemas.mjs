import Ajv from "ajv";

// The DTOs of src/bench.controller.ts (the example's CreateDto and UpdateDto,
// src/order.ts's Order) as JSON Schemas compiled by ajv 8. Undeclared keys
// are removed (additionalProperties: false with removeAdditional: true), as
// honest drops them; every fault is collected (allErrors), as honest and zod
// do. i64 becomes "integer", kept as a number.

const ajv = new Ajv({ allErrors: true, removeAdditional: true, discriminator: true });

const object = (properties, optional = []) => ({
  type: "object",
  properties,
  required: Object.keys(properties).filter((key) => !optional.includes(key)),
  additionalProperties: false,
});

const string = { type: "string" };
const number = { type: "number" };
const boolean = { type: "boolean" };
const integer = { type: "integer" };

const createDto = object({ name: string, price: number, tags: { type: "array", items: string }, inStock: boolean }, ["tags", "inStock"]);

const updateDto = object({ name: string, price: number, tags: { type: "array", items: string }, inStock: boolean });

const order = object(
  {
    id: integer,
    customer: object({ name: string, email: string, vip: boolean }, ["vip"]),
    lines: { type: "array", items: object({ id: integer, sku: string, quantity: number, unitPrice: number }) },
    payment: {
      type: "object",
      discriminator: { propertyName: "kind" },
      required: ["kind"],
      oneOf: [object({ kind: { const: "card" }, last4: string }), object({ kind: { const: "cash" } })],
    },
    note: string,
  },
  ["note"],
);

/** Compiled validators, by route path. */
export const ajvValidators = {
  "/create": ajv.compile(createDto),
  "/update": ajv.compile(updateDto),
  "/order": ajv.compile(order),
};
