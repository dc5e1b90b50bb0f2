import { jsonText } from "./json-text.js";

// What generated response serializers call for each value. Each writes what
// its type promises, and falls back to the general writer when the value at
// run time is something else, so the output is always valid JSON.

/** Any value, as JSON.stringify would write it but with bigints exact; `null` for what it would skip. */
export function writeJson(value: unknown): string {
  return jsonText(value) ?? "null";
}

export function writeString(value: unknown): string {
  return typeof value === "string" ? JSON.stringify(value) : writeJson(value);
}

export function writeNumber(value: unknown): string {
  return typeof value === "number" && Number.isFinite(value) ? "" + value : writeJson(value);
}

export function writeBigInt(value: unknown): string {
  return typeof value === "bigint" ? value.toString() : writeJson(value);
}

export function writeBoolean(value: unknown): string {
  return value === true ? "true" : value === false ? "false" : writeJson(value);
}
