import { parse as parseLossless } from "lossless-json";
import type { HttpError } from "../errors/http-error.js";
import { refusal } from "../errors/failed-check.js";
import { MAX_NESTING, tooDeep } from "./json-limits.js";

// JSON text to a value, by JSON.parse, or exactly. JSON.parse rounds a
// number of more than 15 significant digits (9007199254740993 becomes
// 9007199254740992) before any check could see it. A body whose type holds
// an i64 is therefore read exactly when its text may hold such a number, by
// lossless-json, and numbers then arrive as:
//   - integers of up to 15 digits: a number (exact);
//   - longer integers: a bigint (exact; the generated checks turn it into a
//     number where the type says `number`, rounding as JSON.parse would);
//   - a fraction or an exponent: a JsonNumberText holding the text as
//     written, which an i64 takes only if its exact value is an integer.

/** A JSON number with a fraction or an exponent, as written. */
export class JsonNumberText {
  constructor(readonly text: string) {}
}

/** 16 digits, perhaps around a decimal point: a number JSON.parse may round (also inside strings; that only costs time). */
const MAY_ROUND = /\d(?:\.?\d){15}/;

export function mayRound(text: string): boolean {
  return MAY_ROUND.test(text);
}

export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw notJson(text);
  }
}

export function parseJsonExactly(text: string): unknown {
  // lossless-json recurses once per level: bound the nesting before it runs.
  if (nestingExceeds(text, MAX_NESTING)) throw tooDeep();
  try {
    return parseLossless(text, null, { parseNumber, onDuplicateKey: ({ newValue }) => newValue });
  } catch (error) {
    throw notJson(text, error);
  }
}

function parseNumber(text: string): unknown {
  if (!/^-?\d+$/.test(text)) return new JsonNumberText(text);
  return text.length - (text.charCodeAt(0) === 45 ? 1 : 0) <= 15 ? Number(text) : BigInt(text);
}

/**
 * The 400 for text that is not JSON. Its detail says what the parser expected and at which position, never the
 * characters it found: JSON.parse's own message quotes the text around the fault, which may be a password
 * (docs/guide/json-bodies-and-responses.md, "Secrets"). lossless-json's message (`error`, or found by parsing
 * again, which only a refused body costs) is the same on every runtime; the characters it quotes are taken out.
 */
function notJson(text: string, error: unknown = losslessError(text)): HttpError {
  const message = error instanceof SyntaxError ? withoutQuotedText(error.message) : "the text is malformed";
  return refusal("body", 400, `the request body is not valid JSON: ${message}`);
}

/** lossless-json's error for text JSON.parse refused; text nested past the limit is refused as too deep first. */
function losslessError(text: string): unknown {
  if (nestingExceeds(text, MAX_NESTING)) throw tooDeep();
  try {
    parseLossless(text, null, { parseNumber, onDuplicateKey: ({ newValue }) => newValue });
  } catch (error) {
    return error;
  }
  return undefined;
}

/** `Comma ',' expected after value but got 'x' at position 9` as `Comma ',' expected after value at position 9`. */
function withoutQuotedText(message: string): string {
  return message
    .replace(/ but got '[\s\S]'/, "")
    .replace(/^(Invalid (?:escape |unicode )?character) '[\s\S]*'( at position \d+)$/, "$1$2")
    .replace(/^Invalid number '[\s\S]*', expecting a digit/, "Invalid number, expecting a digit");
}

/** Whether arrays and objects nest deeper than `limit`, outside strings. */
function nestingExceeds(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === 92)
        index++; // backslash: skip the escaped character
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

/** The exact value of a JSON number's text if it is an integer of at most 19 digits (`1.0`, `9e18`), else undefined. */
export function integerOfText(text: string): bigint | undefined {
  const match = /^(-?)(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/.exec(text);
  if (!match) return undefined;
  const [, sign, whole, fraction = "", exponentText = "0"] = match;
  let digits = (whole! + fraction).replace(/^0+/, "");
  if (digits === "") return 0n;
  let exponent = Number(exponentText) - fraction.length;
  const significant = digits.replace(/0+$/, "");
  exponent += digits.length - significant.length;
  digits = significant;
  if (exponent < 0 || digits.length + exponent > 19) return undefined;
  const value = BigInt(digits) * 10n ** BigInt(exponent);
  return sign === "-" ? -value : value;
}
