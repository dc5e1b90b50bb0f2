import { z } from "zod";

// The DTOs of src/bench.controller.ts (the example's CreateDto and UpdateDto,
// src/order.ts's Order) as zod 4 schemas. z.object drops undeclared keys,
// as honest does. i64 becomes z.int(): a safe integer, kept as a number.

const createDto = z.object({
  name: z.string(),
  price: z.number(),
  tags: z.array(z.string()).optional(),
  inStock: z.boolean().optional(),
});

const updateDto = z.object({
  name: z.string(),
  price: z.number(),
  tags: z.array(z.string()),
  inStock: z.boolean(),
});

const order = z.object({
  id: z.int(),
  customer: z.object({ name: z.string(), email: z.string(), vip: z.boolean().optional() }),
  lines: z.array(z.object({ id: z.int(), sku: z.string(), quantity: z.number(), unitPrice: z.number() })),
  payment: z.discriminatedUnion("kind", [z.object({ kind: z.literal("card"), last4: z.string() }), z.object({ kind: z.literal("cash") })]),
  note: z.string().optional(),
});

/** By route path. */
export const zodSchemas = { "/create": createDto, "/update": updateDto, "/order": order };

// The query of GET /query (src/bench.controller.ts's QueryFilter): each value
// is text, so z.coerce turns it into a number or a bigint before the checks.
// i64 is a bigint here, as in honest, within the 64-bit range.
const i64 = z.coerce
  .bigint()
  .min(-(2n ** 63n))
  .max(2n ** 63n - 1n);

export const zodQuery = z.object({
  tag: z.string().optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
  offset: z.coerce.number().int().min(0).optional(),
  ids: z.array(i64).optional(),
});

/**
 * The object zod checks, from URLSearchParams: a scalar key given once is its
 * text, given twice an array (which then fails, as honest refuses a repeated
 * scalar), absent undefined; `ids` every value, absent when there is none.
 */
export function queryObject(params) {
  const scalar = (name) => {
    const values = params.getAll(name);
    return values.length === 0 ? undefined : values.length === 1 ? values[0] : values;
  };
  const ids = params.getAll("ids");
  return { tag: scalar("tag"), limit: scalar("limit"), offset: scalar("offset"), ids: ids.length === 0 ? undefined : ids };
}
