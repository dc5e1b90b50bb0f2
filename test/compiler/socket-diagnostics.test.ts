import { describe, expect } from "vitest";
import { compiledController, honestError as error, itReports } from "../support/controller-diagnostics.js";
import { HonestCode } from "../support/honest-codes.js";

// docs/reference/diagnostics.md, "Compile-time diagnostics" (TS991037), and
// docs/guide/websockets.md, "WebSocket routes": a @Socket handler takes one
// Connection<In, Out> and no body, returns Promise<void>, and its In and Out
// travel as JSON; a Connection on an HTTP route is a mistake too. Each is an
// error at the code to change, naming the route as `WS /path`.

/** Every diagnostic, TypeScript's too: a Connection without its type arguments is TypeScript's error as well as honest's. */
const diagnosticsOf = (name: string, body: string) =>
  compiledController(
    {
      prefix: "socket-diagnostics",
      header: `import { Controller, Get, Socket, createApp } from "honest";
import type { Connection, Json } from "honest";
`,
      withApp: true,
    },
    name,
    body,
  ).diagnostics;

describe("@Socket diagnostics", () => {
  itReports(diagnosticsOf, [
    {
      title: "reports a socket handler without a Connection<In, Out> parameter",
      name: "no-connection",
      source: `
@Controller()
export class ChatController {
  @Socket("/chat")
  async chat(): Promise<void> {}
}`,
      errors: [
        error(
          7,
          HonestCode.SocketRoute,
          "WS /chat (ChatController.chat): a @Socket handler takes the open WebSocket as a Connection<In, Out> parameter, In the messages it receives and Out those it sends; add one, as in chat(connection: Connection<ChatIn, ChatOut>).",
        ),
      ],
    },
    {
      title: "reports a body parameter, and a return type other than Promise<void>",
      name: "body-and-return",
      source: `
@Controller()
export class ChatController {
  @Socket("/chat")
  async chat(connection: Connection<{ text: string }, { text: string }>, hello: Json<{ name: string }>): Promise<Json<string>> {
    return "done";
  }
}`,
      errors: [
        error(
          7,
          HonestCode.SocketRoute,
          "WS /chat (ChatController.chat): a WebSocket opens with a GET, which has no body, and its messages arrive through the Connection<In, Out>; remove the Json<T> parameter and receive its data as a message (In).",
        ),
        error(
          7,
          HonestCode.SocketRoute,
          "WS /chat (ChatController.chat): a @Socket handler returns Promise<void>, since the connection lasts while it runs, and this one returns Promise<Json<string>>; declare Promise<void> and send what it would return with connection.send(message).",
        ),
      ],
    },
    {
      title: "reports a Connection on an HTTP route, and one without its message types",
      name: "misplaced",
      source: `
@Controller()
export class ChatController {
  @Get("/chat")
  async chat(connection: Connection<string, string>): Promise<Json<string>> {
    return "";
  }

  @Socket("/raw")
  async raw(connection: Connection): Promise<void> {}
}`,
      errors: [
        expect.objectContaining({ code: 2314 }),
        error(
          7,
          HonestCode.SocketRoute,
          "GET /chat (ChatController.chat): a Connection<In, Out> parameter is the WebSocket of a @Socket route; declare the route with @Socket(path) from honest, or remove the parameter.",
        ),
        error(
          12,
          HonestCode.SocketRoute,
          "WS /raw (ChatController.raw): Connection names no message types; write Connection<In, Out>, In the messages the socket receives and Out those it sends, as in Connection<ChatIn, ChatOut>.",
        ),
      ],
    },
    {
      title: "reports messages that cannot travel as JSON, at the property",
      name: "json",
      source: `
interface Ping { at: Set<number> }
@Controller()
export class ChatController {
  @Socket("/ping")
  async ping(connection: Connection<Ping, { n: bigint }>): Promise<void> {}
}`,
      errors: [
        error(
          4,
          HonestCode.UnsupportedJsonType,
          "WS /ping (ChatController.ping): Ping cannot be a message the socket receives: $.at is a Set, which JSON cannot carry; use an array.",
        ),
      ],
    },
  ]);
});
