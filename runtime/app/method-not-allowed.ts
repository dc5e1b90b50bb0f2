import { TrieRouter } from "hono/router/trie-router";
import type { RouteDefinition } from "../compiled/controller-definition.js";

// 405 answers. Hono only knows "no handler matched"; when that happens, this
// looks the path up among every route regardless of method. It runs only on
// the not-found path, so matched requests pay nothing for it.

export type AllowedMethods = (path: string) => string | undefined;

/** The `Allow` header value for a path that has routes, or undefined. */
export function allowedMethods(routes: readonly Pick<RouteDefinition, "method" | "honoPath">[]): AllowedMethods {
  // Built at the first unmatched request rather than at startup, which it would slow for every route.
  let router: TrieRouter<Set<string>> | undefined;
  return (path) => {
    router ??= methodsRouter(routes);
    const [matches] = router.match("ALL", path);
    if (matches.length === 0) return undefined;
    const allowed = new Set<string>();
    for (const [methods] of matches) for (const method of methods) allowed.add(method);
    return [...allowed].join(", ");
  };
}

/** Each path's methods, HEAD with GET, found by path alone. */
function methodsRouter(routes: readonly Pick<RouteDefinition, "method" | "honoPath">[]): TrieRouter<Set<string>> {
  const methodsByPath = new Map<string, Set<string>>();
  for (const route of routes) {
    let methods = methodsByPath.get(route.honoPath);
    if (!methods) methodsByPath.set(route.honoPath, (methods = new Set()));
    methods.add(route.method);
    if (route.method === "GET") methods.add("HEAD");
  }
  const router = new TrieRouter<Set<string>>();
  for (const [path, methods] of methodsByPath) router.add("ALL", path, methods);
  return router;
}
