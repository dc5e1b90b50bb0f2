// The name of a handler's copy without `async` (synchronous-copy.ts), apart
// from the copying, which needs TypeScript 6's syntax: the route definitions
// that name it are generated in generator mode too, where it loads no compiler.

/** The copy's name: `__honest_sync_get` for `get`. */
export function synchronousCopyName(member: string): string {
  return `__honest_sync_${member}`;
}
