import type { RouteDefinition } from "../compiled/controller-definition.js";
import { HonestRouter } from "../routing/honest-router.js";

// What createApp says of socket routes (docs/guide/websockets.md, "WebSocket
// routes"): `WS` in the route table, where an HTTP route has its method, and
// the refusal to start an app that has them but nothing to upgrade with.

/** `WS` for a socket route, which the upgrade's GET reaches; the method of any other. */
export function routeTableMethod(route: Pick<RouteDefinition, "method" | "socket">): string {
  return route.socket ? "WS" : route.method;
}

/**
 * Why an app with socket routes and no `upgradeWebSocket` cannot start where it runs; undefined on Node, where
 * honest/node's serve upgrades (and an upgrade that comes another way is refused then, saying so).
 */
export function noWayToUpgrade(routes: readonly string[]): string | undefined {
  const adapter = runtimeAdapter();
  if (adapter === undefined) return undefined;
  const what = routes.length === 1 ? `a WebSocket route, ${routes[0]}` : `WebSocket routes: ${routes.join(", ")}`;
  return (
    `honest: this app has ${what}, and nothing to upgrade a request to a WebSocket with on ${adapter.runtime}; ` +
    `import { upgradeWebSocket${adapter.runtime === "Bun" ? ", websocket" : ""} } from "${adapter.module}" and pass it: ` +
    `createApp({ upgradeWebSocket })${adapter.runtime === "Bun" ? ", and Bun.serve({ fetch: app.fetch, websocket })" : ""}.`
  );
}

/** What an upgrade request that reaches a socket route with no way to upgrade is told (on Node, outside serve). */
export function noUpgradeHere(path: string): string {
  return (
    `honest: ${path} is a WebSocket route, and this request came with no way to upgrade it: serve the app with ` +
    "honest/node's serve, or give createApp the upgradeWebSocket of the server that serves it."
  );
}

/** The runtime the app runs on, when it is not Node: Hono's adapter there, whose upgradeWebSocket createApp needs. */
function runtimeAdapter(): { readonly runtime: string; readonly module: string } | undefined {
  const global = globalThis as {
    Bun?: unknown;
    Deno?: unknown;
    navigator?: { userAgent?: string };
    process?: { versions?: { node?: string } };
  };
  if (global.Bun !== undefined) return { runtime: "Bun", module: "hono/bun" };
  if (global.Deno !== undefined) return { runtime: "Deno", module: "hono/deno" };
  if (global.navigator?.userAgent === "Cloudflare-Workers") return { runtime: "Cloudflare Workers", module: "hono/cloudflare-workers" };
  if (global.process?.versions?.node !== undefined) return undefined;
  return { runtime: "this runtime", module: "its Hono adapter" };
}

/**
 * Whether a request path (as the app's router reads it) is a socket route's: serve takes an upgrade there as a
 * WebSocket handshake, and serves any other upgrade request as the ordinary request it is.
 */
export function socketPathMatcher(honoPaths: readonly string[]): (path: string) => boolean {
  const router = new HonestRouter<true>();
  for (const path of honoPaths) router.add("GET", path, true);
  return (path) => router.match("GET", path)[0].length > 0;
}
