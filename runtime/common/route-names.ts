// Names a route definition leaves out because they follow from what it says
// (docs/how-it-works.md, "The compiler"): the transformer writes a route's
// Hono path only where it differs from honoPathOf(path), and marks a route
// whose handler never awaits with `synchronous: true` rather than naming the
// copy; the runtime fills both in as the definition is registered.

/** The copy of a handler without `async` (transformer/compiler/generate/synchronous-copy.ts): `__honest_sync_get` for `get`. */
export function synchronousCopyName(member: string): string {
  return `__honest_sync_${member}`;
}

const PLACEHOLDER = /^\{([A-Za-z_][A-Za-z0-9_]*)\}$/;

/** A route path in Hono's syntax: `/items/{id}` is `/items/:id`. */
export function honoPathOf(path: string): string {
  if (!path.includes("{")) return path;
  return path
    .split("/")
    .map((segment) => {
      const placeholder = PLACEHOLDER.exec(segment);
      return placeholder ? `:${placeholder[1]}` : segment;
    })
    .join("/");
}
