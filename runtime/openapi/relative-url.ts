// The documentation page links its files and its document by relative URLs,
// so that it works wherever the app is mounted: under an outer Hono app's
// route("/api", app), or behind a proxy that adds a prefix.

/** The URL that leads from the resource at path `from` to path `to`, both absolute paths. */
export function relativeUrl(from: string, to: string): string {
  const base = from.split("/").slice(1, -1); // the folders `from` is in
  const target = to.split("/").slice(1);
  let shared = 0;
  while (shared < base.length && shared < target.length - 1 && base[shared] === target[shared]) shared++;
  const up = base.length - shared;
  // "./" first, so that a first segment with a ":" is not read as a scheme.
  return (up === 0 ? "./" : "../".repeat(up)) + target.slice(shared).join("/");
}
