import type { Context } from "hono";
import type { UpgradeWebSocket, WSContext, WSEvents } from "hono/ws";
import { SERVED_UPGRADE } from "../app/app-sockets.js";
import { noUpgradeHere } from "../app/socket-routes.js";
import type { RouteSettings } from "../compiled/controller-definition.js";
import { refusal } from "../errors/failed-check.js";
import { scopeOf } from "../injection/request-scope.js";
import type { RequestEnd } from "../injection/request-end.js";
import { SocketConnection } from "./socket-connection.js";
import { readMessage, type SocketMessages } from "./socket-messages.js";
import { refusedOrigin, type SocketSettings } from "./socket-settings.js";
import type { PhaseEnd } from "../tracing/phase-marks.js";
import { requestIdOf } from "../telemetry/request-id.js";

// The end of a socket route's generated handler (docs/guide/websockets.md,
// "WebSocket routes"): once the path, the resolvers and the inputs of the
// upgrade request are read, the connection is upgraded by the runtime's
// `upgradeWebSocket` (createApp's), and the handler is called with it when it
// opens. What the client sends is read message by message; nothing one
// connection does (a bad message, a fault of its handler) reaches another.
//
//   return __honest.openSocket(c, settings, messages, (connection) => controllerMethod.call(controller, connection, currentUser), trace?.lasting(c, "socket"));
//
// Where the app traces, `life` ends the socket's span when the connection
// closes, or its handler fails (docs/guide/logs-and-traces.md, "Traces").

/** Calls the handler with the open connection; what it returns, or throws, ends the connection. */
export type SocketHandler = (connection: SocketConnection<unknown, unknown>) => unknown;

/** Logs what failed (`the handler`, `checking a message`) and closes the connection with 1011. */
type SocketFault = (what: string, error: unknown) => void;

export function openSocket(
  c: Context,
  settings: RouteSettings,
  messages: SocketMessages,
  handler: SocketHandler,
  life?: PhaseEnd,
): Promise<Response> {
  try {
    refuseNonHandshake(c, settings.sockets);
  } catch (refused) {
    life?.();
    throw refused;
  }
  // createApp's, or else, on Node, serve's, which it puts in the env of an upgrade request.
  const upgrade =
    settings.upgradeWebSocket ?? (c.env as Record<symbol, UpgradeWebSocket<any, any> | undefined> | undefined)?.[SERVED_UPGRADE];
  if (upgrade === undefined) {
    const error = new Error(noUpgradeHere(c.req.path));
    life?.(error);
    throw error;
  }
  const limit = settings.bodyLimit;
  const limits = { highWaterMark: settings.sockets.highWaterMark, maxBuffered: settings.sockets.maxBuffered, maxWaiting: limit };
  const path = c.req.path;
  const scoped = socketScope(c, handler);
  let connection: SocketConnection<unknown, unknown> | undefined;
  const reqId = requestIdOf(c);
  /** A fault of the handler or of honest's checks: logged with the handshake's id, and the connection closed with 1011. */
  const fault = (what: string, error: unknown) => {
    settings.log.error(`${what} of the WebSocket at ${path} failed; its connection is closed with 1011`, { err: error, reqId });
    connection?.closeWith(1011, "the server failed to handle the connection");
  };
  const connectionOf = (socket: WSContext): SocketConnection<unknown, unknown> => {
    if (connection) return connection;
    const opened = new SocketConnection(socket, messages.write, limits);
    connection = opened;
    run(opened, scoped?.handler ?? handler, fault, scoped?.finished, life);
    return opened;
  };
  const events: WSEvents = {
    onOpen: (_event, socket) => {
      connectionOf(socket);
    },
    onMessage: (event, socket) => {
      const opened = connectionOf(socket);
      // Once honest or the handler has closed the connection, what the client still sends before its close frame is
      // dropped, as a browser drops it: a client closed for not reading must not go on being served.
      if (!opened.open) return;
      const data = event.data;
      if (typeof data !== "string") {
        opened.closeWith(1003, "honest reads text frames of JSON only");
        return;
      }
      const size = data.length > limit / 3 ? utf8Length(data) : data.length;
      if (size > limit) opened.closeWith(1009, `a message may be at most ${limit} bytes`);
      else opened.whenReading(() => receive(opened, data, size, messages, fault));
    },
    // Hono's Workers adapter reports no open: there the handler starts with the first message, or at the close.
    onClose: (event, socket) => {
      // 1006: the connection dropped without a close frame; the client is gone rather than done.
      if (scoped && (event as { code?: number } | undefined)?.code === 1006) scoped.dropped = true;
      connectionOf(socket).end();
      life?.();
    },
    onError: (_event, socket) => {
      if (scoped) scoped.dropped = true;
      connectionOf(socket).end();
      life?.();
    },
  };
  return upgrade(c, events);
}

/**
 * Refuses, before any resolver or upgrade, a request that is not a browser's
 * or client's WebSocket handshake (426), and one from a page of another
 * origin that the app does not allow (403; docs/guide/websockets.md,
 * "Limits and liveness").
 */
function refuseNonHandshake(c: Context, sockets: SocketSettings): void {
  const path = c.req.path;
  if (c.req.header("upgrade")?.toLowerCase() !== "websocket") {
    throw refusal("upgrade", 426, `${path} is a WebSocket route: open it with a WebSocket client, whose GET asks for Upgrade: websocket`);
  }
  if (!hasToken(c.req.header("connection"), "upgrade")) {
    throw refusal(
      "upgrade",
      426,
      `${path} is a WebSocket route: a handshake says Connection: Upgrade beside Upgrade: websocket, and this request did not`,
    );
  }
  const refused = refusedOrigin(c.req.header("origin"), c.req.header("host") ?? new URL(c.req.url).host, sockets);
  if (refused !== undefined) throw refusal("origin", 403, refused);
}

/** Whether a comma-separated header lists `token`, case-insensitively. */
function hasToken(header: string | undefined, token: string): boolean {
  if (header === undefined) return false;
  return header.split(",").some((part) => part.trim().toLowerCase() === token);
}

/**
 * The request's scope, carried on by the connection where the route has one
 * (docs/guide/request-scope.md, "Streams and sockets"): the handler runs
 * inside it, so its per-request components live as long as the connection,
 * and are closed when the handler has settled: answered (101) when it
 * returned, failed when it threw, gone when the connection dropped without
 * a close frame.
 */
function socketScope(
  c: Context,
  handler: SocketHandler,
): { handler: SocketHandler; finished: (error: unknown | undefined, threw: boolean) => void; dropped: boolean } | undefined {
  const scope = scopeOf(c);
  if (scope === undefined) return undefined;
  let started = false;
  // A connection that never opens (the upgrade refused after the handler, the client gone before the 101) never
  // runs the handler: the server says so, and the scope ends with what it says (docs/guide/request-scope.md,
  // "When nothing carries the answer").
  const finish = scope.defer(`WS ${c.req.path}`, (end) => {
    if (!started) void finish(end);
  });
  const scoped = {
    handler: (connection: SocketConnection<unknown, unknown>) => {
      started = true;
      return scope.run(() => handler(connection));
    },
    finished: (error: unknown, threw: boolean) => {
      const end: RequestEnd = threw
        ? { outcome: "failed", status: 500, error }
        : scoped.dropped
          ? { outcome: "gone" }
          : { outcome: "answered", status: 101 };
      void finish(end);
    },
    dropped: false,
  };
  return scoped;
}

/** The handler, called once with the open connection: its return closes the connection (1000), its fault with 1011. */
function run(
  connection: SocketConnection<unknown, unknown>,
  handler: SocketHandler,
  fault: SocketFault,
  finished?: (error: unknown, threw: boolean) => void,
  life?: PhaseEnd,
): void {
  const failed = (error: unknown) => {
    life?.(error);
    fault("the handler", error);
    finished?.(error, true);
  };
  try {
    Promise.resolve(handler(connection)).then(() => {
      connection.closeWith(1000);
      finished?.(undefined, false);
    }, failed);
  } catch (error) {
    failed(error);
  }
}

/** One text message: to the handler, or answered with the problem that refuses it. */
function receive(
  connection: SocketConnection<unknown, unknown>,
  text: string,
  size: number,
  messages: SocketMessages,
  fault: SocketFault,
): void {
  let read: ReturnType<typeof readMessage>;
  try {
    read = readMessage(text, messages);
  } catch (error) {
    fault("checking a message", error);
    return;
  }
  if ("problem" in read) connection.reply(JSON.stringify(read.problem));
  else if (!connection.receive(read.message, size)) connection.closeWith(1008, "too many messages wait for the server");
}

/** The bytes of `text` in UTF-8, counted only for a message that may pass the limit. */
function utf8Length(text: string): number {
  let length = 0;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code < 0x80) length += 1;
    else if (code < 0x800) length += 2;
    else if (code >= 0xd800 && code <= 0xdbff && index + 1 < text.length) {
      length += 4;
      index++;
    } else length += 3;
  }
  return length;
}
