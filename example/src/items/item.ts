import type { i64 } from "honest";

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

export type PatchDto = Partial<UpdateDto>;

export interface Quote {
  item: i64;
  quantity: number;
  total: number;
}
