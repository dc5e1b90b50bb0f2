import type { UpgradeWebSocket } from "hono/ws";
import type { SocketSettings } from "../socket/socket-settings.js";

// The socket routes of each app createApp built (docs/guide/websockets.md,
// "On each runtime"), so that honest/node's serve, which gets a plain Hono
// app, can tell whether to take upgrades, with what, and the largest message.

export interface AppSockets {
  /** Each socket route, as the route table names it: `WS /chat (ChatController.chat)`. */
  readonly routes: readonly string[];
  /** createApp's, if given: on Node, serve's own upgrades when it is not. */
  readonly upgradeWebSocket: UpgradeWebSocket<any, any> | undefined;
  /** The largest message in bytes: the app's body limit. */
  readonly messageLimit: number;
  /** createApp's `sockets`: serve pings by its interval. */
  readonly settings: SocketSettings;
  /** Whether a path, as the app's router reads it, is a socket route's. */
  readonly isSocketPath: (path: string) => boolean;
}

const sockets = new WeakMap<object, AppSockets>();

export function rememberSockets(app: object, appSockets: AppSockets): void {
  sockets.set(app, appSockets);
}

/** The app's socket routes, if it has any. */
export function socketsOf(app: object): AppSockets | undefined {
  return sockets.get(app);
}

/**
 * Where honest/node's serve puts its upgradeWebSocket in the env of an upgrade request, for a socket route of an
 * app createApp was given none: the app itself imports nothing of Node's.
 */
export const SERVED_UPGRADE = Symbol.for("honest.servedUpgrade");
