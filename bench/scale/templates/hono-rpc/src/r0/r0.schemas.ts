import { z } from "zod";

// The DTOs as a Hono user writes them for `hc`: a zod schema for what the
// routes read (the type inferred from it), an interface for what they answer.
// Ids are numbers: `c.json` cannot send a bigint, and Hono's types drop one.

export const Dims0 = z.object({ width: z.number(), height: z.number(), unit: z.enum(["cm", "in"]) });
export type Dims0 = z.infer<typeof Dims0>;

export const Create0 = z.object({
  name: z.string(),
  price: z.number(),
  tags: z.array(z.string()).optional(),
  dims: Dims0,
  note: z.string().optional(),
});
export type Create0 = z.infer<typeof Create0>;

export interface Item0 {
  id: number;
  name: string;
  price: number;
  tags: string[];
  dims: Dims0;
  note?: string;
}

export interface Quote0 {
  item: number;
  quantity: number;
  total: number;
}
