// What a fault says it got (`got` in a 400's errors, and in a client's
// answer checks): the value for scalars, strings cut after 40 UTF-16 units
// (never inside a character), the kind otherwise.

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

/** `limit`, or one less where that would split a surrogate pair. */
function cutAt(text: string, limit: number): number {
  const last = text.charCodeAt(limit - 1);
  return last >= 0xd800 && last <= 0xdbff ? limit - 1 : limit;
}
