import { DATE_TIME_EXPECTED } from "../body/formats.js";

// What a fault says it got (`got` in a 400's errors, and in a client's
// answer checks): the value for scalars, strings cut after 40 UTF-16 units
// (never inside a character), the kind otherwise; and what it says a scalar
// kind expected, in the same words on the server and in the client.

export function describeValue(value: unknown): string {
  if (value === undefined) return "missing";
  if (value === null) return "null";
  switch (typeof value) {
    case "string":
      return JSON.stringify(value.length > 40 ? `${value.slice(0, cutAt(value, 40))}…` : value);
    case "number":
    case "bigint":
    case "boolean":
      return String(value);
    default:
      return Array.isArray(value) ? `array of ${value.length} ${value.length === 1 ? "item" : "items"}` : "object";
  }
}

/**
 * What a fault says it got for a `Secret<T>`'s value: its kind alone, as `a secret string (not shown)`; what
 * describeValue says of what holds no secret of its own (missing, null, an array's length, an object)
 * (docs/guide/json-bodies-and-responses.md, "Secrets").
 */
export function describeSecret(value: unknown): string {
  switch (typeof value) {
    case "string":
    case "boolean":
      return `a secret ${typeof value} (not shown)`;
    case "number":
    case "bigint":
      return "a secret number (not shown)";
    default:
      return describeValue(value);
  }
}

/** `limit`, or one less where that would split a surrogate pair. */
function cutAt(text: string, limit: number): number {
  const last = text.charCodeAt(limit - 1);
  return last >= 0xd800 && last <= 0xdbff ? limit - 1 : limit;
}

/** The scalar kinds a shape written as data names (a body's fault shapes, a client's answer shapes). */
export type ScalarKind = "string" | "number" | "boolean" | "null" | "bigint" | "date" | "unknown";

export const EXPECTED_OF_KIND: Readonly<Record<ScalarKind, string>> = {
  string: "string",
  number: "number",
  boolean: "boolean",
  null: "null",
  bigint: "64-bit integer",
  date: DATE_TIME_EXPECTED,
  unknown: "unknown",
};
