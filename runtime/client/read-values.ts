import { DATE_TIME_EXPECTED } from "../body/formats.js";
import { MAX_I64, MIN_I64 } from "../common/i64-range.js";
import { keySuffix } from "../common/key-path.js";

// What the generated readers call to give each position of a parsed answer
// the type it declares: an i64 position a bigint, whichever way the number
// was read; a Date position the Date its RFC 3339 text names; any other
// position what JSON.parse would have given. An answer
// may be nested as deep as JSON.parse reads (a million levels), so no reader
// recurses: a container's members wait in a list until the outermost reader
// reads them, one container at a time, and readPlain keeps its own list.

/** A reader of one member: its value, and its index or key. */
type MemberReader = (value: unknown, key: never) => unknown;

/** Where the value being read sits: its key, and where its container sits (undefined at the answer's top). */
type Place = readonly [key: string | number, up: Place | undefined] | undefined;

/** Containers whose members wait to be read, while the outermost reader reads; undefined when no reader runs. */
let waiting: (() => void)[] | undefined;
let here: Place;

/**
 * An i64 position: a number of up to 15 digits (or one JSON.parse read) becomes the bigint it is; a number that is
 * not a 64-bit integer (1.5, or 1e400, which JavaScript reads as Infinity) is refused with a TypeError naming its path.
 */
export function readBigInt(value: unknown): unknown {
  if (typeof value !== "number" && typeof value !== "bigint") return value;
  const integer = i64Of(value);
  // It cannot be read as its type, as a text that is not JSON cannot be parsed: the call rejects, checks or not.
  if (integer === undefined)
    throw new TypeError(`the answer is not of its declared type: ${pathOf(here)}: expected 64-bit integer, got ${value}`);
  return integer;
}

/**
 * A `Date` position: the Date of its text (docs/guide/json-bodies-and-responses.md, "Dates"). Readers convert, they
 * do not check (the response checks do): the app writes toISOString's text, which `new Date` reads alike on every
 * engine, and a client ships less than the server's RFC 3339 check. A text no Date can be made of is refused with a
 * TypeError naming its path, as a number no bigint can be made of is.
 */
export function readDate(value: unknown): unknown {
  if (typeof value !== "string") return value;
  const date = new Date(value);
  if (Number.isNaN(date.getTime()))
    throw new TypeError(
      `the answer is not of its declared type: ${pathOf(here)}: expected ${DATE_TIME_EXPECTED}, got ${JSON.stringify(value.slice(0, 40))}`,
    );
  return date;
}

/** An `i64 | number` position: a 64-bit integer becomes a bigint, any other number is the number JSON.parse would have made. */
export function readBigIntOrNumber(value: unknown): unknown {
  return (typeof value === "number" || typeof value === "bigint" ? i64Of(value) : undefined) ?? readPlain(value);
}

/** The number as a bigint, when it is a 64-bit integer. */
function i64Of(value: number | bigint): bigint | undefined {
  const integer = typeof value === "bigint" ? value : Number.isInteger(value) ? BigInt(value) : undefined;
  return integer !== undefined && integer >= MIN_I64 && integer <= MAX_I64 ? integer : undefined;
}

/** A position without i64s: a bigint the exact reading made becomes the number JSON.parse would have made. */
export function readPlain(value: unknown): unknown {
  const containers = [value];
  while (containers.length > 0) {
    const container = containers.pop();
    if (typeof container !== "object" || container === null) continue;
    const object = container as Record<string, unknown>;
    for (const key of Array.isArray(container) ? container.keys() : Object.keys(object)) {
      const member = object[key];
      if (typeof member === "bigint") object[key] = Number(member);
      else if (typeof member === "object" && member !== null) containers.push(member);
    }
  }
  return typeof value === "bigint" ? Number(value) : value;
}

/** Each item of an array position by `read`. */
export function readArray(value: unknown, read: (item: unknown, index: number) => unknown): unknown {
  if (Array.isArray(value)) readMembers(value as unknown as Record<number, unknown>, value.keys(), () => read);
  return value;
}

/** Each property of an object position that has a reader, by it: `readObject(value, { id: readBigInt })`. */
export function readObject(value: unknown, readers: Readonly<Record<string, (member: unknown) => unknown>>): unknown {
  if (typeof value === "object" && value !== null && !Array.isArray(value)) {
    const object = value as Record<string, unknown>;
    readMembers(object, Object.keys(readers), (key) => (object[key] === undefined ? undefined : readers[key]));
  }
  return value;
}

/** Each member of an object position other than `known` (its declared properties) by `read`: `Record<string, T>`. */
export function readRecord(value: unknown, known: readonly string[], read: (member: unknown) => unknown): unknown {
  if (typeof value === "object" && value !== null && !Array.isArray(value)) {
    readMembers(value as Record<string, unknown>, Object.keys(value), (key) => (known.includes(key as string) ? undefined : read));
  }
  return value;
}

/**
 * Reads the members of `container` that have a reader: now, by the outermost
 * reader, which then reads every container they hold; or, inside a reader,
 * once that reader has returned, so nested members never deepen the stack.
 */
function readMembers(
  container: Record<string | number, unknown>,
  keys: Iterable<string | number>,
  readerOf: (key: string | number) => MemberReader | undefined,
): void {
  const up = here;
  const read = () => {
    for (const key of keys) {
      const reader = readerOf(key);
      if (reader === undefined) continue;
      here = [key, up];
      container[key] = reader(container[key], key as never);
    }
  };
  if (waiting !== undefined) {
    waiting.push(read);
    return;
  }
  waiting = [read];
  try {
    while (waiting.length > 0) waiting.pop()!();
  } finally {
    waiting = here = undefined;
  }
}

/** `$.items[0].id`: a place as the response checks' fault paths name it. */
function pathOf(place: Place): string {
  let path = "";
  for (let at = place; at !== undefined; at = at[1]) path = (typeof at[0] === "number" ? `[${at[0]}]` : keySuffix(at[0])) + path;
  return `$${path}`;
}
