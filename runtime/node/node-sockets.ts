import type { IncomingMessage, Server } from "node:http";
import { STATUS_CODES } from "node:http";
import type { Duplex } from "node:stream";
import { once } from "node:events";
import type { Context } from "hono";
import { defineWebSocketHelper, WSContext, type WSEvents } from "hono/ws";
import { type AppSockets, SERVED_UPGRADE } from "../app/app-sockets.js";
import { problemResponse } from "../errors/problem.js";
import { type AppLog, logOf } from "../telemetry/app-log.js";
import { endOfAnswer, GONE } from "../injection/request-end.js";
import { type RequestScope, scopeOf } from "../injection/request-scope.js";
import { FREE_PIECES, MIN_AVERAGE_PIECE } from "../body/body-bounds.js";
import { requestPath } from "../routing/request-path.js";
import { serveWithoutUpgrade } from "./ordinary-upgrade.js";
import { countMessagesInProgress } from "./socket-frames.js";

// WebSockets under honest/node's serve (docs/guide/websockets.md, "On each
// runtime"), with the ws package, an optional peer dependency loaded only for
// an app that has socket routes. An upgrade request goes through the app as
// any request does (its middleware, the route's resolvers and inputs); the
// route's `upgradeWebSocket(c, events)` (this module's, which createApp was
// given) only says to upgrade, and this takes over the socket once the app
// has answered. A refused upgrade gets the whole answer, the problem document
// a 401 carries included, where @hono/node-server's own upgrade would send
// the status alone.

/** What a ws WebSocket is to this module (the ws package's types are not a dependency of honest's). */
interface NodeWebSocket {
  readonly readyState: 0 | 1 | 2 | 3;
  readonly bufferedAmount: number;
  readonly protocol: string;
  send(data: string | ArrayBuffer | Uint8Array, options?: { compress?: boolean }): void;
  close(code?: number, reason?: string): void;
  terminate(): void;
  ping(): void;
  on(event: "message", listener: (data: Buffer | ArrayBuffer | Buffer[], isBinary: boolean) => void): this;
  on(event: "ping" | "pong", listener: (data: Buffer) => void): this;
  on(event: "close", listener: (code: number, reason: Buffer) => void): this;
  on(event: "error", listener: (error: Error) => void): this;
}

interface NodeWebSocketServer {
  readonly clients: Set<NodeWebSocket>;
  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer, callback: (ws: NodeWebSocket) => void): void;
  on(event: "headers", listener: (headers: string[], request: IncomingMessage) => void): this;
  on(event: "wsClientError", listener: (error: Error, socket: Duplex, request: IncomingMessage) => void): this;
  close(): void;
}

interface WebSocketServerOptions {
  readonly noServer: true;
  readonly maxPayload: number;
  readonly maxFragments: number;
  readonly maxBufferedChunks: number;
  readonly maxPendingAutoPongs: number;
}

type WebSocketServerClass = new (options: WebSocketServerOptions) => NodeWebSocketServer;

/** Where a request upgrade waits for the route to say yes, in the env of the app's fetch. */
const UPGRADE = Symbol.for("honest.nodeUpgrade");

interface PendingUpgrade {
  events?: WSEvents;
  /** The request scope the route carries on into the connection, where it has one. */
  scope?: RequestScope;
}

/**
 * honest/node's serve's upgrade, which a socket route uses when createApp was
 * given none (or this one): the route's answer says to upgrade, and serve
 * upgrades once the app has answered.
 */
export const upgradeWebSocket = defineWebSocketHelper((c: Context, events: WSEvents) => {
  const pending = (c.env as Record<symbol, PendingUpgrade | undefined> | undefined)?.[UPGRADE];
  if (pending === undefined) {
    throw new Error(
      "honest: upgradeWebSocket from honest/node upgrades connections served by honest/node's serve, and this request came another way " +
        "(app.request, or another server); serve the app with serve(app), or give createApp the upgradeWebSocket of the server that serves it.",
    );
  }
  pending.events = events;
  pending.scope = scopeOf(c);
  // Built by the context, so it holds the headers middleware set before next(), which serve adds to the 101.
  return c.body(null);
});

/** The app's sockets as serve runs them: closed at shutdown, cut off when the grace period ends. */
export interface NodeSockets {
  /** Asks every open WebSocket to close, with 1001 (going away). */
  closeAll(): void;
  /** Cuts off those still open. */
  terminateAll(): void;
}

/** The ws package's WebSocketServer, or a refusal to start that says how to install it. */
export async function loadWebSocketServer(sockets: AppSockets): Promise<WebSocketServerClass> {
  try {
    const ws = (await import("ws")) as { WebSocketServer?: WebSocketServerClass; default?: { WebSocketServer?: WebSocketServerClass } };
    const found = ws.WebSocketServer ?? ws.default?.WebSocketServer;
    if (found) return found;
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code !== "ERR_MODULE_NOT_FOUND" && code !== "MODULE_NOT_FOUND") throw error;
  }
  const routes = sockets.routes.join(", ");
  throw new Error(
    `honest: this app has WebSocket routes (${routes}), which honest/node's serve upgrades with the ws package, and it is not installed: npm install ws`,
  );
}

interface FetchApp {
  fetch(request: Request, ...rest: any[]): Response | Promise<Response>;
}

/**
 * Takes the server's upgrade requests: a WebSocket handshake to a socket route
 * is upgraded if its route says so; any other goes to the app as the ordinary
 * request it is (ordinary-upgrade.ts).
 */
export function serveSockets(server: Server, app: FetchApp, sockets: AppSockets, WebSocketServer: WebSocketServerClass): NodeSockets {
  // ws closes a connection whose message passes maxPayload with 1009 before it
  // is read whole; a message in more than 1 024 fragments, a frame arriving in
  // more pieces than a body may (1 024, or an average of 32 bytes) and more
  // than 60 pongs owed to a ping flood close it too (docs/reference/limits.md,
  // "WebSockets").
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: sockets.messageLimit,
    maxFragments: 1024,
    maxBufferedChunks: Math.max(FREE_PIECES, Math.ceil(sockets.messageLimit / MIN_AVERAGE_PIECE)),
    maxPendingAutoPongs: 60,
  });
  // A handshake the route said yes to that ws cannot complete (no Sec-WebSocket-Key, a version it does not
  // speak) is refused as the app's refusals are, with a problem document, rather than ws's text/html.
  wss.on("wsClientError", (error: Error, socket: Duplex) => {
    refusedHandshakes.add(socket);
    void writeAnswer(socket, handshakeRefusal(error));
  });
  server.on("upgrade", (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = handshakeUrl(request, sockets);
    if (url !== undefined) void upgrade(app, wss, request, socket, head, url);
    else serveWithoutUpgrade(server, request, socket, head);
  });
  const pings = pingEvery(wss, sockets.settings.pingInterval);
  server.once("close", () => clearInterval(pings));
  return {
    closeAll: () => {
      for (const ws of wss.clients) ws.close(1001, "the server is shutting down");
    },
    terminateAll: () => {
      for (const ws of wss.clients) ws.terminate();
    },
  };
}

/**
 * The URL of a GET asking for `Upgrade: websocket` of a socket route's path; undefined for anything else, an
 * ordinary request (one whose host and target make no URL included: Node's parser and @hono/node-server refuse it).
 */
function handshakeUrl(request: IncomingMessage, sockets: AppSockets): string | undefined {
  if (request.method !== "GET" || request.headers.upgrade?.toLowerCase() !== "websocket") return undefined;
  const url = requestUrl(request);
  return url !== undefined && sockets.isSocketPath(requestPath({ url } as Request, { env: { incoming: request } })) ? url : undefined;
}

/** ws's refusal of a handshake (its message names the header at fault), as a 400 problem; a version it does not speak answered with those it does (RFC 6455, section 4.4). */
function handshakeRefusal(error: Error): Response {
  const headers = /Sec-WebSocket-Version/i.test(error.message) ? { "sec-websocket-version": "13, 8" } : undefined;
  return problemResponse(400, `the WebSocket handshake cannot be completed: ${error.message}`, undefined, headers);
}

/** Pings every open WebSocket each `interval` ms; one that has not answered the last ping by then is cut off (a peer gone without a word). */
function pingEvery(wss: NodeWebSocketServer, interval: number): ReturnType<typeof setInterval> | undefined {
  if (interval === 0) return undefined;
  const timer = setInterval(() => {
    for (const ws of wss.clients) {
      const live = ws as NodeWebSocket & { [ANSWERED_PING]?: boolean };
      if (live[ANSWERED_PING] === false) {
        ws.terminate();
        continue;
      }
      live[ANSWERED_PING] = false;
      ws.ping();
    }
  }, interval);
  timer.unref();
  return timer;
}

/** Whether a WebSocket answered serve's last ping. */
const ANSWERED_PING = Symbol("honest.answeredPing");

async function upgrade(
  app: FetchApp,
  wss: NodeWebSocketServer,
  request: IncomingMessage,
  socket: Duplex,
  head: Buffer,
  url: string,
): Promise<void> {
  socket.on("error", () => socket.destroy());
  // The handshake's resolvers and middleware see the client leave, as an ordinary request's do.
  const gone = new AbortController();
  const abort = () => gone.abort();
  socket.once("close", abort);
  const pending: PendingUpgrade = {};
  let response: Response;
  try {
    response = await app.fetch(new Request(url, { method: "GET", headers: requestHeaders(request), signal: gone.signal }), {
      incoming: request,
      outgoing: undefined,
      [UPGRADE]: pending,
      [SERVED_UPGRADE]: upgradeWebSocket,
    });
  } catch (error) {
    logOf(app).error("the server failed to answer an upgrade request", { err: error });
    response = problemResponse(500, "the server failed to complete the request");
  }
  socket.off("close", abort);
  const events = pending.events;
  if (socket.destroyed || events === undefined || !response.ok) {
    // A route that said yes and will not be upgraded: its handler never runs, and its request scope ends here,
    // gone for a client that left, else with the answer that replaced the upgrade (middleware's, after the route).
    pending.scope?.abandon(socket.destroyed ? GONE : endOfAnswer(response.status));
    await writeAnswer(socket, response);
    return;
  }
  // The headers the app's middleware set on its answer (a cookie, CORS), on the 101.
  const addHeaders = (headers: string[]) => {
    for (const line of headerLines(response)) headers.push(line);
  };
  let connected = false;
  wss.on("headers", addHeaders);
  try {
    wss.handleUpgrade(request, socket, head, (ws) => {
      connected = true;
      connect(ws, events, url, socket, logOf(app));
    });
  } finally {
    (wss as unknown as { off(event: "headers", listener: (headers: string[]) => void): void }).off("headers", addHeaders);
  }
  // ws completes a handshake, or refuses it, before handleUpgrade returns (this server verifies no client and
  // negotiates no compression, which are what would make it wait): one not connected by now never will be.
  if (!connected) pending.scope?.abandon(refusedHandshakes.has(socket) ? { outcome: "refused", status: 400 } : GONE);
}

/** Handshakes ws refused (wsClientError), each answered 400. */
const refusedHandshakes = new WeakSet<Duplex>();

/** Hands the route's events what happens to the WebSocket. */
function connect(ws: NodeWebSocket, events: WSEvents, url: string, socket: Duplex, log: AppLog): void {
  (ws as NodeWebSocket & { [ANSWERED_PING]?: boolean })[ANSWERED_PING] = true;
  ws.on("pong", () => {
    (ws as NodeWebSocket & { [ANSWERED_PING]?: boolean })[ANSWERED_PING] = true;
  });
  countMessagesInProgress(ws, socket);
  const context = new WSContext({
    send: (data, options) => ws.send(data, { compress: options.compress }),
    close: (code, reason) => ws.close(code, reason),
    raw: ws,
    get readyState() {
      return ws.readyState;
    },
    url,
    protocol: ws.protocol,
  });
  const guarded = (run: () => void) => {
    try {
      run();
    } catch (error) {
      log.error("a WebSocket's event handler failed", { err: error });
    }
  };
  guarded(() => events.onOpen?.(new Event("open"), context));
  ws.on("message", (data, isBinary) => {
    const message = isBinary ? binaryOf(data) : textOf(data);
    guarded(() => events.onMessage?.(new MessageEvent("message", { data: message }), context));
  });
  ws.on("close", (code, reason) => {
    const event = Object.assign(new Event("close"), { code, reason: reason.toString("utf8"), wasClean: true });
    guarded(() => events.onClose?.(event as unknown as CloseEvent, context));
  });
  ws.on("error", () => {
    guarded(() => events.onError?.(new Event("error"), context));
  });
}

function textOf(data: Buffer | ArrayBuffer | Buffer[]): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString("utf8");
  return Buffer.from(data as ArrayBuffer).toString("utf8");
}

function binaryOf(data: Buffer | ArrayBuffer | Buffer[]): ArrayBuffer {
  const buffer = Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as ArrayBuffer);
  return buffer.buffer.slice(buffer.byteOffset, buffer.byteOffset + buffer.byteLength) as ArrayBuffer;
}

/** The request's URL from its host header and target, as @hono/node-server builds it; undefined when they make none. */
function requestUrl(request: IncomingMessage): string | undefined {
  const host = request.headers.host;
  if (host === undefined || host === "" || host.includes(",")) return undefined;
  try {
    const secure = (request.socket as { encrypted?: boolean }).encrypted === true;
    return new URL(request.url ?? "/", `${secure ? "https" : "http"}://${host}`).href;
  } catch {
    return undefined;
  }
}

function requestHeaders(request: IncomingMessage): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value !== undefined) headers.append(name, Array.isArray(value) ? value.join(", ") : value);
  }
  return headers;
}

/** What the upgrade does not say itself, or must not say twice. */
const UPGRADE_HEADERS = new Set([
  "connection",
  "content-length",
  "keep-alive",
  "transfer-encoding",
  "upgrade",
  "sec-websocket-accept",
  "sec-websocket-extensions",
  "sec-websocket-protocol",
]);

function headerLines(response: Response): string[] {
  const lines: string[] = [];
  response.headers.forEach((value, name) => {
    if (!UPGRADE_HEADERS.has(name) && name !== "set-cookie") lines.push(`${name}: ${value}`);
  });
  for (const cookie of response.headers.getSetCookie()) lines.push(`set-cookie: ${cookie}`);
  return lines;
}

/**
 * The app's answer to a handshake it did not upgrade (a refusal, or a socket
 * route's path that another route answered), written on the socket as it is
 * read, never whole, with back-pressure; the connection then closes.
 */
async function writeAnswer(socket: Duplex, response: Response): Promise<void> {
  const body = response.body;
  const head = [`HTTP/1.1 ${response.status} ${STATUS_CODES[response.status] ?? ""}`, ...headerLines(response), "connection: close"];
  if (body === null) head.push("content-length: 0");
  if (socket.destroyed) {
    await body?.cancel().catch(() => {});
    return;
  }
  socket.write(`${head.join("\r\n")}\r\n\r\n`);
  if (body !== null) await pipeBody(body, socket);
  if (!socket.destroyed) socket.end();
}

/** The body's pieces onto the socket, waiting for it to drain; the body cancelled if the client goes. */
async function pipeBody(body: ReadableStream<Uint8Array>, socket: Duplex): Promise<void> {
  const reader = body.getReader();
  const closed = new Promise<void>((resolve) => socket.once("close", resolve));
  try {
    for (;;) {
      const next = await Promise.race([reader.read(), closed.then(() => undefined)]);
      if (next === undefined || next.done) break;
      if (!socket.write(next.value)) await Promise.race([once(socket, "drain"), closed]);
      if (socket.destroyed) break;
    }
  } catch {
    // The app's stream failed mid-answer: the client sees the connection close.
    socket.destroy();
  } finally {
    await reader.cancel().catch(() => {});
  }
}
