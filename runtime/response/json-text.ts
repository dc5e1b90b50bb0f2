// JSON text for values that may hold bigints. JSON.stringify throws on a
// bigint, and turning it into a string or a double would change its type or
// its value; this writes it as the exact integer. Otherwise it follows
// JSON.stringify: toJSON, undefined/function/symbol members skipped, array
// holes and non-finite numbers as null.

export function jsonText(value: unknown): string | undefined {
  return write(value, "");
}

function write(input: unknown, key: string): string | undefined {
  const value = hasToJSON(input) ? input.toJSON(key) : input;
  switch (typeof value) {
    case "string":
      return JSON.stringify(value);
    case "number":
      return Number.isFinite(value) ? String(value) : "null";
    case "boolean":
      return value ? "true" : "false";
    case "bigint":
      return value.toString();
    case "object":
      if (value === null) return "null";
      if (Array.isArray(value)) return writeArray(value);
      if (value instanceof Number || value instanceof String || value instanceof Boolean || value instanceof BigInt) {
        return write(value.valueOf(), key);
      }
      return writeObject(value as Record<string, unknown>);
    default:
      return undefined;
  }
}

function writeArray(array: readonly unknown[]): string {
  let text = "[";
  for (let index = 0; index < array.length; index++) {
    if (index > 0) text += ",";
    text += write(array[index], String(index)) ?? "null";
  }
  return text + "]";
}

function writeObject(object: Record<string, unknown>): string {
  let text = "{";
  for (const key of Object.keys(object)) {
    const member = write(object[key], key);
    if (member === undefined) continue;
    text += `${text.length > 1 ? "," : ""}${JSON.stringify(key)}:${member}`;
  }
  return text + "}";
}

function hasToJSON(value: unknown): value is { toJSON(key: string): unknown } {
  return typeof value === "object" && value !== null && typeof (value as { toJSON?: unknown }).toJSON === "function";
}
