import type { HonestMessage } from "../diagnostics.js";
import { messages } from "../diagnostic-messages.js";
import type { VersioningModel } from "../model.js";

// The plugin entry's `versioning` option (docs/guide/versions.md, "Where the version goes"):
//   { "transform": "honest/transformer", "versioning": { "in": "path" } }      /v2/items (the default)
//   { "transform": "honest/transformer", "versioning": { "in": "header", "header": "api-version" } }
// Read at compile time, with the document's options: where the version goes
// decides the routes' paths and what each version's document says, both
// made by the build.

/** The header a version goes in when `versioning` names none. */
export const DEFAULT_VERSION_HEADER = "api-version";

/** The token a header's name is made of (RFC 9110, section 5.1). */
const HEADER_NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

export type VersioningRead = { readonly versioning: VersioningModel } | { readonly mistake: HonestMessage };

export function readVersioning(config: unknown): VersioningRead {
  const option = typeof config === "object" && config !== null ? (config as { versioning?: unknown }).versioning : undefined;
  if (option === undefined) return { versioning: { in: "path" } };
  const fields = typeof option === "object" && option !== null && !Array.isArray(option) ? (option as Record<string, unknown>) : undefined;
  const names = fields ? Object.keys(fields) : [];
  if (fields?.in === "path" && names.every((name) => name === "in")) return { versioning: { in: "path" } };
  if (fields?.in === "header" && names.every((name) => name === "in" || name === "header")) {
    const header = fields.header ?? DEFAULT_VERSION_HEADER;
    if (typeof header === "string" && HEADER_NAME.test(header)) return { versioning: { in: "header", header: header.toLowerCase() } };
  }
  return { mistake: messages.Versions.option({ option }) };
}
