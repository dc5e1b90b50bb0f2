import { TrieRouter } from "hono/router/trie-router";
import type { ServedRoute } from "../app/served-route.js";

// A path both honest's own routes (the document, the documentation page and
// its files, the health probes) and a controller's GET route answer would go to whichever was
// registered first, and the other would be silently unreachable: refused
// when the app is built instead, naming both.

/** A controller's route, as a collision message names it. */
export interface ControllerRoute {
  readonly method: string;
  /** As written, with `{param}` placeholders. */
  readonly path: string;
  readonly honoPath: string;
  /** `ItemController.get` */
  readonly handlerName: string;
}

export function refuseCollisions(served: readonly ServedRoute[], routes: readonly ControllerRoute[]): void {
  // Only a route with as many segments as one of these paths can match it (honest's paths have no wildcard): the
  // router gets those alone, so that the probes every app serves cost next to nothing at startup.
  const lengths = new Set(served.map(({ path }) => segments(path)));
  const router = new TrieRouter<ControllerRoute>();
  for (const route of routes) if (route.method === "GET" && lengths.has(segments(route.honoPath))) router.add("GET", route.honoPath, route);
  for (const own of served) {
    const [[match]] = router.match("GET", own.path);
    if (match === undefined) continue;
    const [route] = match;
    throw new Error(
      `honest: createApp({ ${own.option.split(".")[0]} }) serves ${own.name} at GET ${own.path}, which ${route.handlerName} (GET ${route.path}) answers too. ` +
        `Give ${own.option} another path, or move the route.`,
    );
  }
}

function segments(path: string): number {
  let count = 0;
  for (let at = path.indexOf("/"); at !== -1; at = path.indexOf("/", at + 1)) count++;
  return count;
}
