import { jsonText } from "./json-text.js";

// What generated response serializers call for each value. Each writes what
// its type promises, and falls back to the general writer when the value at
// run time is something else, so the output is always valid JSON.

/** Any value, as JSON.stringify would write it but with bigints exact; `null` for what it would skip. */
export function writeJson(value: unknown): string {
  return jsonText(value) ?? "null";
}

/**
 * A short string with nothing to escape is quoted as it is: checking its
 * characters here is cheaper than a call into JSON.stringify. Anything else
 * is left to JSON.stringify.
 */
export function writeString(value: unknown): string {
  if (typeof value !== "string") return writeJson(value);
  const length = value.length;
  if (length > 64) return JSON.stringify(value);
  for (let index = 0; index < length; index++) {
    const code = value.charCodeAt(index);
    // Control characters, `"`, `\` and surrogates (a lone one is escaped) need JSON.stringify.
    if (code < 32 || code === 34 || code === 92 || (code >= 0xd800 && code <= 0xdfff)) return JSON.stringify(value);
  }
  return `"${value}"`;
}

export function writeNumber(value: unknown): string {
  return typeof value === "number" && Number.isFinite(value) ? "" + value : writeJson(value);
}

export function writeBigInt(value: unknown): string {
  if (typeof value !== "bigint") return writeJson(value);
  // Most ids fit a double exactly, and a double's digits come faster than a bigint's.
  const number = Number(value);
  return Number.isSafeInteger(number) ? "" + number : value.toString();
}

export function writeBoolean(value: unknown): string {
  return value === true ? "true" : value === false ? "false" : writeJson(value);
}

/** 0000-01-01T00:00:00.000Z and 9999-12-31T23:59:59.999Z: the instants RFC 3339's four-digit years can write. */
const FIRST_INSTANT = -62_167_219_200_000;
const LAST_INSTANT = 253_402_300_799_999;

/**
 * `Date`: its RFC 3339 text, as toISOString writes it (docs/guide/json-bodies-and-responses.md, "Dates").
 * An invalid Date (`new Date(NaN)`), or one past the year 9999, has no such text: the answer fails, as a
 * handler's fault, rather than send null or "Invalid Date".
 */
export function writeDate(value: unknown): string {
  if (!(value instanceof Date)) return writeJson(value);
  const time = value.getTime();
  if (time >= FIRST_INSTANT && time <= LAST_INSTANT) return `"${value.toISOString()}"`;
  throw new TypeError(
    Number.isNaN(time)
      ? "honest: a Date to send is invalid (new Date(NaN)), so it has no RFC 3339 text"
      : `honest: a Date to send is outside the years 0000 to 9999 that RFC 3339 writes (its time is ${time})`,
  );
}

// Arrays of scalars, the same in every file that writes them: one function
// each here rather than one generated per file. Each loop calls one writer,
// so each stays as fast as the generated loop it replaces.

/** `string[]`: each item by writeString; anything but an array by writeJson. */
export function writeStringArray(value: unknown): string {
  if (!Array.isArray(value)) return writeJson(value);
  let json = "[";
  for (let i = 0; i < value.length; i++) {
    if (i !== 0) json += ",";
    json += writeString(value[i]);
  }
  return json + "]";
}

/** `number[]`: each item by writeNumber; anything but an array by writeJson. */
export function writeNumberArray(value: unknown): string {
  if (!Array.isArray(value)) return writeJson(value);
  let json = "[";
  for (let i = 0; i < value.length; i++) {
    if (i !== 0) json += ",";
    json += writeNumber(value[i]);
  }
  return json + "]";
}

/** `bigint[]` and `i64[]`: each item by writeBigInt; anything but an array by writeJson. */
export function writeBigIntArray(value: unknown): string {
  if (!Array.isArray(value)) return writeJson(value);
  let json = "[";
  for (let i = 0; i < value.length; i++) {
    if (i !== 0) json += ",";
    json += writeBigInt(value[i]);
  }
  return json + "]";
}

/** `Date[]`: each item by writeDate; anything but an array by writeJson. */
export function writeDateArray(value: unknown): string {
  if (!Array.isArray(value)) return writeJson(value);
  let json = "[";
  for (let i = 0; i < value.length; i++) {
    if (i !== 0) json += ",";
    json += writeDate(value[i]);
  }
  return json + "]";
}

/** `boolean[]`: each item by writeBoolean; anything but an array by writeJson. */
export function writeBooleanArray(value: unknown): string {
  if (!Array.isArray(value)) return writeJson(value);
  let json = "[";
  for (let i = 0; i < value.length; i++) {
    if (i !== 0) json += ",";
    json += writeBoolean(value[i]);
  }
  return json + "]";
}
