import { parse as parseLossless } from "lossless-json";
import { HttpError } from "./http-error.js";
import { MAX_NESTING, tooDeep } from "./json-limits.js";

// JSON text to a value. JSON.parse rounds integers beyond 2^53 before any
// check could see them, so a body whose type holds an `i64` is parsed
// exactly when its text holds a number JSON.parse could round: an integer of
// 16 or more digits, or a number with a fraction or an exponent. Then
// lossless-json reads it, and numbers arrive as:
//   - up to 15 digits: a number (exact);
//   - more digits: a bigint (exact; the generated checks turn it into a
//     number where the type says `number`, rounding as JSON.parse would);
//   - a fraction or exponent: a JsonNumberText holding the digits, so an i64
//     can refuse `1.0` or `1e3` instead of taking a rounded value.

/** A JSON number with a fraction or an exponent, as written. */
export class JsonNumberText {
  constructor(readonly text: string) {}
}

/** Digits that may be a 16+ digit integer, a fraction or an exponent (also matches inside strings; that only costs time). */
const MAY_ROUND = /\d(?:[.eE]|\d{15})/;

export function parseJson(text: string, exactIntegers: boolean): unknown {
  try {
    if (!exactIntegers || !MAY_ROUND.test(text)) return JSON.parse(text);
  } catch (error) {
    throw notJson(error);
  }
  // lossless-json recurses once per level: bound the nesting before it runs.
  if (nestingExceeds(text, MAX_NESTING)) throw tooDeep();
  try {
    return parseLossless(text, null, { parseNumber, onDuplicateKey: ({ newValue }) => newValue });
  } catch (error) {
    throw notJson(error);
  }
}

function parseNumber(text: string): unknown {
  if (!/^-?\d+$/.test(text)) return new JsonNumberText(text);
  return text.length - (text.charCodeAt(0) === 45 ? 1 : 0) <= 15 ? Number(text) : BigInt(text);
}

function notJson(error: unknown): HttpError {
  return new HttpError(400, `the request body is not valid JSON: ${(error as Error).message}`);
}

/** Whether arrays and objects nest deeper than `limit`, outside strings. */
function nestingExceeds(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === 92) index++; // backslash: skip the escaped character
      else if (code === 34) inString = false;
    } else if (code === 34) {
      inString = true;
    } else if (code === 91 || code === 123) {
      if (++depth > limit) return true;
    } else if (code === 93 || code === 125) {
      depth--;
    }
  }
  return false;
}
