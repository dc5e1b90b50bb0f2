/** Prefix + route path; a route "/" under a prefix is the prefix itself (`/api`, not `/api/`). */
export function joinPaths(prefix: string, path: string): string {
  const trimmedPrefix = prefix.endsWith("/") ? prefix.slice(0, -1) : prefix;
  if (trimmedPrefix === "") return path;
  return path === "/" ? trimmedPrefix : trimmedPrefix + path;
}
