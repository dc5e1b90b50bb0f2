// How a refused option shows the value it was given: a string quoted, null,
// "an object", or the value as written (docs/reference/options.md, "Options").

export function describeOption(value: unknown): string {
  return typeof value === "string"
    ? JSON.stringify(value)
    : value === null
      ? "null"
      : typeof value === "object"
        ? "an object"
        : String(value);
}
