// A versioned program's documents, one per version (docs/guide/versions.md,
// "A document per version"). The build hands createApp() one JSON text: an
// OpenAPI document, or, when some route has a version, this set of them,
// each version's whole document in version order. An OpenAPI document has an
// `openapi` member and a set has none, so the two are told apart by that.

/** The JSON the build writes into the createApp() call for a versioned program. */
export interface DocumentSet {
  readonly versions: readonly { readonly version: string; readonly document: unknown }[];
}

/** Each version's document as JSON text, in version order; undefined when `text` is one document. */
export function versionedDocuments(text: string): { readonly version: string; readonly text: string }[] | undefined {
  if (!text.startsWith('{"versions":')) return undefined;
  const set = JSON.parse(text) as DocumentSet;
  return set.versions.map(({ version, document }) => ({ version, text: JSON.stringify(document) }));
}

/** The set's text again, each document changed by `change` (the probes added to each). */
export function mapDocuments(text: string, change: (document: string) => string): string {
  const documents = versionedDocuments(text);
  if (documents === undefined) return change(text);
  const set: DocumentSet = { versions: documents.map(({ version, text }) => ({ version, document: JSON.parse(change(text)) })) };
  return JSON.stringify(set);
}

/** A version's name for a file or a path: `.v2` before the extension of the last segment (`openapi.json` → `openapi.v2.json`), else after it. */
export function versionedName(name: string, version: string): string {
  const slash = Math.max(name.lastIndexOf("/"), name.lastIndexOf("\\"));
  const dot = name.lastIndexOf(".");
  return dot > slash + 1 ? `${name.slice(0, dot)}.v${version}${name.slice(dot)}` : `${name}.v${version}`;
}
