import type { SocketModel } from "../model.js";
import type { ClientReaders } from "./client-readers.js";
import type { ClientTypes } from "./client-types.js";
import type { ImportedName } from "./code-writer.js";

// A socket route in the client module (docs/guide/websockets.md, "In the
// generated client"), in `createSockets`'s object rather than `createClient`'s,
// so that a front end that opens no socket ships none of their code: a
// function that opens the route's WebSocket with
// honest/client's `connectSockets`, typed by the route's messages, and given
// the reader of `Out` when it holds an i64 or a Date:
//
//   chat(input: { room: string }, options?: SocketCallOptions): Promise<ClientSocket<ChatIn, ChatOut>>;
//   chat: (input, options) => openSocket({ path: `/rooms/${pathSegment(input.room)}`, read: readChatOut }, options),

/** What honest/client gives a client with socket routes, and the name its opener takes in createClient. */
export const SOCKET_IMPORTS: readonly ImportedName[] = [
  { name: "ClientSocket", type: true },
  { name: "connectSockets", type: false },
  { name: "SocketCallOptions", type: true },
  { name: "SocketClientOptions", type: true },
];
export const SOCKET_NAMES = [
  "ClientSocket",
  "connectSockets",
  "SocketCallOptions",
  "SocketClientOptions",
  "openSocket",
  "Sockets",
  "createSockets",
];

/** The route's answer type: the open socket, sending `In` and yielding `Out`. */
export function socketType(socket: SocketModel, types: ClientTypes): string {
  return `Promise<ClientSocket<${types.typeOf(socket.incoming)}, ${types.typeOf(socket.outgoing)}>>`;
}

/** The route's SocketCall: its path and inputs (`entries`), and the reader of `Out`. */
export function socketCall(socket: SocketModel, entries: readonly string[], readers: ClientReaders): string {
  const read = readers.needsReading(socket.outgoing) && readers.readerOf(socket.outgoing);
  return `{ ${[...entries, ...(read ? [`read: ${read}`] : [])].join(", ")} }`;
}
