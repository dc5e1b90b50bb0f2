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

/**
 * An operation's summary as plain text: OpenAPI gives `summary` no markup
 * (only `description` is CommonMark), and documentation pages show it as it
 * is, so inline Markdown is reduced to its text: `` `?tag=usb` `` to
 * `?tag=usb`, `[the store](…)` to `the store`, `**new**` to `new`.
 */
export function plainSummary(summary: string): string {
  return summary
    .replace(/(`+)([^`]|[^`][\s\S]*?[^`])\1(?!`)/g, (_whole, _ticks: string, code: string) => code.trim())
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/(\*\*|__)(\S(?:[\s\S]*?\S)?)\1/g, "$2")
    .replace(/(^|[\s(])([*_])(\S(?:[\s\S]*?\S)?)\2(?=$|[\s).,;:!?])/g, "$1$3");
}
