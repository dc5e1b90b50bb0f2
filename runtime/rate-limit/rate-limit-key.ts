// The key a `by` resolver's value counts under (docs/guide/rate-limits.md, "Keys"): a string,
// a number or a bigint as it is, or an object's `id` of one of those types,
// which the compiler checks `resolve`'s declared result has. A number and a
// bigint of one value share a key, as they name one user.

/** The counting key of a resolver's value; a value of another shape (a test double's) is a mistake, named. */
export function rateLimitKey(value: unknown, label: string): string {
  const key = keyOf(value) ?? (typeof value === "object" && value !== null ? keyOf((value as { readonly id?: unknown }).id) : undefined);
  if (key !== undefined) return `by:${key}`;
  throw new TypeError(
    `honest: ${label} is rate limited by a resolver's value, which must be a string, a number, a bigint, or an object with an id of one of those; got ${describe(value)}`,
  );
}

function keyOf(value: unknown): string | undefined {
  if (typeof value === "string") return value;
  if (typeof value === "bigint" || (typeof value === "number" && Number.isFinite(value))) return String(value);
  return undefined;
}

function describe(value: unknown): string {
  if (typeof value !== "object" || value === null) return typeof value;
  return "id" in value ? `an object whose id is ${typeof (value as { readonly id: unknown }).id}` : "an object without an id";
}
