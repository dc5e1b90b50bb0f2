// Names a route definition leaves out because they follow from what it says
// (docs/how-it-works.md, "The compiler"): the transformer writes a route's
// Hono path only where it differs from honoPathOf(path), and marks a route
// whose handler never awaits with `synchronous: true` rather than naming the
// copy; the runtime fills both in as the definition is registered.

/** The copy of a handler without `async` (transformer/compiler/generate/synchronous-copy.ts): `__honest_sync_get` for `get`. */
export function synchronousCopyName(member: string): string {
  return `__honest_sync_${member}`;
}

/** A whole segment `{name}`, `name` an identifier (transformer/compiler/analyse/route-path.ts). */
const PLACEHOLDER = /(?<=\/)\{([A-Za-z_][A-Za-z0-9_]*)\}(?=\/|$)/g;

/** A route path in Hono's syntax: `/items/{id}` is `/items/:id`. */
export function honoPathOf(path: string): string {
  return path.includes("{") ? path.replace(PLACEHOLDER, ":$1") : path;
}
