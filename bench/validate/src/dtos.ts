import type { i64 } from "honest";

// The example's item DTOs (example/src/items/item.ts), and a nested order.

export interface Item {
  id: i64;
  name: string;
  price: number;
  tags: string[];
  inStock: boolean;
}

export interface CreateDto {
  name: string;
  price: number;
  tags?: string[];
  inStock?: boolean;
}

export interface UpdateDto {
  name: string;
  price: number;
  tags: string[];
  inStock: boolean;
}

export interface Customer {
  name: string;
  email: string;
  vip?: boolean;
}

export interface OrderLine {
  id: i64;
  sku: string;
  quantity: number;
  unitPrice: number;
}

export type Payment = { kind: "card"; last4: string } | { kind: "cash" };

export interface Order {
  id: i64;
  customer: Customer;
  lines: OrderLine[];
  payment: Payment;
  note?: string;
}
