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
