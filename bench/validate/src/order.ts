import type { i64 } from "honest";

// A nested body of the benchmark's own; the item DTOs are the example's.

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
