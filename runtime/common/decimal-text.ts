import { MAX_I64, MIN_I64 } from "./i64-range.js";

// Numbers written as text, in exactly the syntax honest reads and writes (docs/guide/path-parameters.md, "Path
// parameter types"): the server's path, query, header and cookie values (inputs/text-values.ts), and the ids a
// generated client reads off a stream (client/event-ids.ts). The checks are written out because Number() and
// BigInt() accept far more (" 12", "0x1f", "+5", "" and "1e3" among them).

const DECIMAL_INTEGER = /^-?\d+$/;
const DECIMAL_NUMBER = /^-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?$/;

/** Decimal digits with an optional '-', within the range of `i64`; undefined for anything else. */
export function i64OfText(text: string): bigint | undefined {
  if (!DECIMAL_INTEGER.test(text)) return undefined;
  const value = BigInt(text);
  return value >= MIN_I64 && value <= MAX_I64 ? value : undefined;
}

/** A finite decimal number; undefined for anything else. */
export function numberOfText(text: string): number | undefined {
  if (!DECIMAL_NUMBER.test(text)) return undefined;
  const value = Number(text);
  return Number.isFinite(value) ? value : undefined;
}
