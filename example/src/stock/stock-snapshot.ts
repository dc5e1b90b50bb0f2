import type { Integer, Minimum } from "honest";

/** The items and those in stock, counted at one tick of StockCount.take by one instance of the app. */
export interface StockSnapshot {
  /** The tick this count is for: a multiple of 2 s since the epoch, the same on every instance. */
  tick: Date;
  /** Which instance of the app took it: a name each instance gives itself when it starts. */
  instance: string;
  /** When the count was taken. */
  takenAt: Date;
  items: number & Integer & Minimum<0>;
  inStock: number & Integer & Minimum<0>;
}
