import type { RouteDefinition } from "./controller-definition.js";

// What createApp says of socket routes (docs/guide/websockets.md, "WebSocket
// routes"): `WS` in the route table, where an HTTP route has its method, and
// the refusal to start an app that has them but nothing to upgrade with.

/** `WS` for a socket route, which the upgrade's GET reaches; the method of any other. */
export function routeTableMethod(route: Pick<RouteDefinition, "method" | "socket">): string {
  return route.socket ? "WS" : route.method;
}

export function noWayToUpgrade(routes: readonly string[]): string {
  const what = routes.length === 1 ? `a WebSocket route, ${routes[0]}` : `WebSocket routes: ${routes.join(", ")}`;
  return (
    `honest: this app has ${what}, and nothing to upgrade a request to a WebSocket with; ` +
    'pass the runtime\'s upgradeWebSocket to createApp: import { upgradeWebSocket } from "honest/node" (served by its serve), ' +
    '"hono/bun" (and give Bun.serve its websocket), "hono/deno" or "hono/cloudflare-workers", then createApp({ upgradeWebSocket }).'
  );
}
