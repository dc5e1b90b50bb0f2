import path from "node:path";
import { type Compiled, compileFixture } from "./compile.js";

// An app of WebSocket routes (docs/guide/websockets.md, "WebSocket routes"),
// compiled by the transformer into test/.out/<name>: a chat whose rooms need
// a bearer token (or `?token=`, for clients that cannot send headers),
// broadcasting messages with i64 ids beyond 2^53 to every connection of the
// room, with a message that makes its handler fail; and an echo without
// credentials that sends back what it gets with a property its type does not
// declare. `probe` (src/probe.ts) says when each handler ended. It runs on any
// runtime: nothing of Node's is imported, and the entry gives createApp the
// runtime's upgradeWebSocket.

export const chatController = `
import { Controller, Get, HttpError, Inject, Socket, StatusCode, Use } from "honest";
import type { Connection, From, i64, Json, MaxLength, Path, SecurityScheme } from "honest";
import type { Context } from "hono";
import { probe } from "./probe.js";

export interface ChatIn {
  text: string & MaxLength<100>;
  replyTo?: i64;
}

export interface ChatOut {
  id: i64;
  from: string;
  room: string;
  text: string;
  replyTo?: i64;
}

/** The user a bearer token names: \`authorization: Bearer ada-token\`, or \`?token=ada-token\` where headers cannot be sent. */
export class CurrentUser {
  static readonly securityScheme = { type: "http", scheme: "bearer" } as const satisfies SecurityScheme;

  resolve(c: Context): { name: string } {
    const token = c.req.header("authorization")?.replace(/^Bearer /, "") ?? c.req.query("token");
    if (token === "ada-token") return { name: "ada" };
    if (token === "alan-token") return { name: "alan" };
    throw new HttpError(StatusCode.UNAUTHORIZED, "send a bearer token");
  }
}

/** Who is in each room. */
export class ChatRooms {
  readonly #rooms = new Map<string, Set<Connection<ChatIn, ChatOut>>>();
  #lastId = 9007199254740992n;

  join(room: string, connection: Connection<ChatIn, ChatOut>): void {
    const members = this.#rooms.get(room) ?? new Set();
    members.add(connection);
    this.#rooms.set(room, members);
  }

  leave(room: string, connection: Connection<ChatIn, ChatOut>): void {
    this.#rooms.get(room)?.delete(connection);
  }

  broadcast(room: string, message: Omit<ChatOut, "id">): void {
    const sent = { id: ++this.#lastId, ...message, secret: "never sent" };
    for (const member of this.#rooms.get(room) ?? []) member.send(sent);
  }
}

@Controller()
export class ChatController {
  declare readonly rooms: Inject<ChatRooms>;

  /** A chat room: every message is sent to everyone in it, with an id. */
  @Socket("/rooms/{room}")
  async chat(connection: Connection<ChatIn, ChatOut>, user: From<CurrentUser>, room: Path<string>): Promise<void> {
    this.rooms.join(room, connection);
    try {
      for await (const message of connection) {
        if (message.text === "fail") throw new Error("the chat handler failed on purpose");
        this.rooms.broadcast(room, { from: user.name, room, text: message.text, ...(message.replyTo !== undefined && { replyTo: message.replyTo }) });
      }
    } finally {
      this.rooms.leave(room, connection);
      probe.left.push({ route: "chat", name: user.name, at: Date.now() });
    }
  }

  /** Sends back each message, with a property its type does not declare; ends after \`{"n":0}\`; \`?blocked\` is refused by its middleware. */
  @Socket("/echo")
  @Use(async (c, next) => (c.req.query("blocked") === undefined ? next() : c.text("blocked", 403)))
  async echo(connection: Connection<{ n: i64 }, { n: i64 }>): Promise<void> {
    for await (const message of connection) {
      connection.send({ ...message, extra: true } as { n: i64 });
      if (message.n === 0n) break;
    }
    probe.left.push({ route: "echo", name: "", at: Date.now() });
  }

  /** Whether the server answers. */
  @Get("/health")
  async health(): Promise<Json<{ status: string }>> {
    return { status: "ok" };
  }

  /** When each socket handler ended. */
  @Get("/probe")
  async probe(): Promise<Json<{ left: { route: string; name: string; at: number }[] }>> {
    return probe;
  }
}
`;

export const socketProbe = `
/** When each socket handler ended, for tests to read. */
export const probe = { left: [] as { route: string; name: string; at: number }[] };
`;

export const socketApp = `
import { createApp, type AppOptions } from "honest";

/** With a middleware of the app's, which runs on every upgrade request too. */
export const createSocketApp = (options: Omit<AppOptions, "controllers"> = {}) =>
  createApp({
    log: false,
    ...options,
    use: [
      async (c, next) => {
        c.header("x-served-by", "honest");
        await next();
      },
    ],
  });
`;

export interface SocketFixture {
  createSocketApp(options?: object): { fetch(request: Request, ...rest: unknown[]): Response | Promise<Response> };
}

/** The fixture compiled into test/.out/`name`, with its typed client at client/api.ts and its document at openapi.json when asked. */
export function compileSocketFixture(
  name: string,
  { client = false, openapi = false } = {},
): Compiled & { loadFixture(): Promise<SocketFixture> } {
  const files = { "src/chat.controller.ts": chatController, "src/probe.ts": socketProbe, "src/app.ts": socketApp };
  const plugin = {
    ...(client && { client: path.resolve("test/.out", name, "client/api.ts") }),
    ...(openapi && { openapi: path.resolve("test/.out", name, "openapi.json") }),
  };
  const compiled = compileFixture(name, files, {}, { plugin });
  return { ...compiled, loadFixture: () => compiled.load<SocketFixture>("src/app.ts") };
}
