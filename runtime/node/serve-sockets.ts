import type { Server } from "node:http";
import { socketsOf } from "../app/app-sockets.js";
import { loadWebSocketServer, type NodeSockets, serveSockets, upgradeWebSocket } from "./node-sockets.js";

export type { NodeSockets };

// serve's part in WebSockets (docs/guide/websockets.md, "On each runtime"):
// nothing for an app without socket routes; for one with them, the ws
// package loaded and the server's upgrades taken, or a refusal to start.

interface FetchApp {
  fetch(request: Request, ...rest: any[]): Response | Promise<Response>;
}

/** Undefined for an app without socket routes; else resolves once the server takes upgrades, or rejects with why it cannot. */
export function takeUpgrades(server: Server, app: FetchApp): Promise<NodeSockets> | undefined {
  const sockets = socketsOf(app);
  if (sockets === undefined) return undefined;
  if (sockets.upgradeWebSocket !== undefined && sockets.upgradeWebSocket !== upgradeWebSocket) {
    return Promise.reject(
      new Error(
        `honest: serve upgrades the app's WebSocket routes (${sockets.routes.join(", ")}) itself, ` +
          "and createApp was given another server's upgradeWebSocket; leave createApp's upgradeWebSocket out, or serve the app with that server.",
      ),
    );
  }
  return loadWebSocketServer(sockets).then((WebSocketServer) => serveSockets(server, app, sockets, WebSocketServer));
}
