import type { HttpError } from "../errors/http-error.js";
import { refusal } from "../errors/failed-check.js";

// Parsers for `Path<T>` values, called by generated handlers with the text
// Hono matched (already percent-decoded once). Each accepts exactly the
// documented syntax and answers 400 naming the parameter otherwise; the
// checks are written out because Number() and BigInt() accept far more
// (" 12", "0x1f", "+5", "" and "1e3" among them).

const I64_MIN = -(2n ** 63n);
const I64_MAX = 2n ** 63n - 1n;
const DECIMAL_INTEGER = /^-?\d+$/;
const DECIMAL_NUMBER = /^-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?$/;

export function parseI64Param(text: string, name: string): bigint {
  if (DECIMAL_INTEGER.test(text)) {
    const value = BigInt(text);
    if (value >= I64_MIN && value <= I64_MAX) return value;
  }
  throw invalid(name, text, "a 64-bit integer: decimal digits with an optional '-', from -9223372036854775808 to 9223372036854775807");
}

export function parseNumberParam(text: string, name: string): number {
  if (DECIMAL_NUMBER.test(text)) {
    const value = Number(text);
    if (Number.isFinite(value)) return value;
  }
  throw invalid(name, text, "a finite decimal number");
}

export function parseBooleanParam(text: string, name: string): boolean {
  if (text === "true") return true;
  if (text === "false") return false;
  throw invalid(name, text, "true or false");
}

export function parseStringParam(text: string, name: string): string {
  if (text.length > 0) return text;
  throw invalid(name, text, "a non-empty string");
}

/** For a union of literals: `choices` maps each literal's text to its value. */
export function parseLiteralParam<T>(text: string, name: string, choices: ReadonlyMap<string, T>): T {
  const value = choices.get(text);
  if (value !== undefined) return value;
  throw invalid(name, text, `one of ${[...choices.keys()].map((choice) => JSON.stringify(choice)).join(", ")}`);
}

function invalid(name: string, text: string, expected: string): HttpError {
  const shown = text.length > 64 ? `${text.slice(0, 64)}…` : text;
  return refusal("path", 400, `path parameter "${name}" must be ${expected}; got ${JSON.stringify(shown)}`);
}
