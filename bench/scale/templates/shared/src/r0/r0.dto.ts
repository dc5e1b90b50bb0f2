import type { i64 } from "honest";

export interface Dims0 {
  width: number;
  height: number;
  unit: "cm" | "in";
}

export interface Item0 {
  id: i64;
  name: string;
  price: number;
  tags: string[];
  dims: Dims0;
  note?: string;
}

export interface Create0 {
  name: string;
  price: number;
  tags?: string[];
  dims: Dims0;
  note?: string;
}

export interface Quote0 {
  item: i64;
  quantity: number;
  total: number;
}
