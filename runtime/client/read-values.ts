// What the generated readers call to give each position of a parsed answer
// the type it declares: an i64 position a bigint, whichever way the number
// was read; any other position what JSON.parse would have given.

/** An i64 position: a number of up to 15 digits (or one JSON.parse read) becomes the bigint it is. */
export function readBigInt(value: unknown): unknown {
  return typeof value === "number" && Number.isInteger(value) ? BigInt(value) : value;
}

/** A position without i64s: a bigint the exact reading made becomes the number JSON.parse would have made. */
export function readPlain(value: unknown): unknown {
  if (typeof value === "bigint") return Number(value);
  if (typeof value !== "object" || value === null) return value;
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index++) value[index] = readPlain(value[index]);
  } else {
    const object = value as Record<string, unknown>;
    for (const key of Object.keys(object)) object[key] = readPlain(object[key]);
  }
  return value;
}

/** Each item of an array position by `read`. */
export function readArray(value: unknown, read: (item: unknown, index: number) => unknown): unknown {
  if (Array.isArray(value)) for (let index = 0; index < value.length; index++) value[index] = read(value[index], index);
  return value;
}

/** Each property of an object position that has a reader, by it: `readObject(value, { id: readBigInt })`. */
export function readObject(value: unknown, readers: Readonly<Record<string, (member: unknown) => unknown>>): unknown {
  if (typeof value === "object" && value !== null && !Array.isArray(value)) {
    const object = value as Record<string, unknown>;
    for (const key of Object.keys(readers)) if (object[key] !== undefined) object[key] = readers[key]!(object[key]);
  }
  return value;
}

/** Each member of an object position other than `known` (its declared properties) by `read`: `Record<string, T>`. */
export function readRecord(value: unknown, known: readonly string[], read: (member: unknown) => unknown): unknown {
  if (typeof value === "object" && value !== null && !Array.isArray(value)) {
    const object = value as Record<string, unknown>;
    for (const key of Object.keys(object)) if (!known.includes(key)) object[key] = read(object[key]);
  }
  return value;
}
