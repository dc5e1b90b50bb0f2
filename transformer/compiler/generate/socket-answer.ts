import type ts from "typescript";
import type { SocketMessages } from "../../../runtime/internal.js";
import type { SocketModel } from "../model.js";
import { holdsBigInt } from "../shapes/shape-traits.js";
import { routeWriter } from "./programmers/write-programmer.js";
import type { GenerationContext } from "./generation-context.js";
import type { LocalNames } from "./local-names.js";
import { type HandlerInput, objectOf } from "./protocol.js";

/** What of a route's handler factory, as route-handler.ts writes it, the socket's answer uses. */
export interface SocketHandlerWriter {
  readonly generation: GenerationContext;
  readonly locals: LocalNames;
  /** Statements run once per app. */
  readonly setup: ts.Statement[];
  input(name: HandlerInput): ts.Identifier;
  context(): ts.Identifier;
}

// How a socket route's handler ends (docs/guide/websockets.md, "WebSocket
// routes"): instead of calling the method and sending its answer, it hands
// the runtime the functions generated for the messages, taken once at
// startup, and the call of the method, made with the connection once it opens:
//
//   const messages = { parse: __honest_parse_ChatIn, report: __honest_report_ChatIn, exact: true, write: __honest_write_ChatOut };
//   ...
//   return __honest.openSocket(c, settings, messages, (connection) => controllerMethod.call(controller, connection, currentUser), trace?.lasting(c, "socket"));
//
// The last argument is the socket's span where the app traces (docs/how-it-works.md, "Phase marks").

/** The local the route's handler passes its `Connection<In, Out>` parameter as. */
export const CONNECTION = "connection";

export function socketAnswer(
  socket: SocketModel,
  values: readonly ts.Expression[],
  writer: SocketHandlerWriter,
  life: ts.Expression,
): ts.Expression {
  const { nodes, functions, runtime, table } = writer.generation;
  const messages = writer.locals.take("messages");
  const described = objectOf<SocketMessages>(nodes, {
    parse: functions.parser(socket.incoming),
    report: functions.reporter(socket.incoming),
    exact: nodes.bool(holdsBigInt(socket.incoming, table)),
    write: routeWriter(socket.outgoing, writer.generation),
  });
  writer.setup.push(nodes.constant(messages, described));
  const call = nodes.call(nodes.prop(writer.input("controllerMethod"), "call"), writer.input("controller"), ...values);
  return nodes.call(
    runtime("openSocket"),
    writer.context(),
    writer.input("settings"),
    nodes.id(messages),
    nodes.arrow([CONNECTION], call),
    life,
  );
}
