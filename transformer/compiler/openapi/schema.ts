import type { DocComment } from "../model.js";

// The JSON values the OpenAPI stage writes. The document is plain data built
// in a fixed key order, so the same program gives the same bytes.

/** A JSON Schema (2020-12, as OpenAPI 3.1 uses it), or a `$ref` to one. */
export type Schema = { readonly [keyword: string]: unknown };

/** `#/components/<section>/<name>`. */
export function componentRef(section: "schemas" | "responses", name: string): Schema {
  return { $ref: `#/components/${section}/${name}` };
}

/** An object's entries sorted by key, so that output does not depend on discovery order. */
export function sortedByName<T>(entries: Iterable<readonly [string, T]>): Record<string, T> {
  return Object.fromEntries([...entries].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** A doc comment as one description, summary first; undefined when it has no text. */
export function docText(doc: DocComment | undefined): string | undefined {
  const text = [doc?.summary, doc?.description].filter((part) => part !== undefined).join("\n\n");
  return text === "" ? undefined : text;
}
