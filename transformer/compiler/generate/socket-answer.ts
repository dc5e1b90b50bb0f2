import type ts from "typescript";
import type { SocketMessages } from "../../../runtime/internal.js";
import type { SocketModel } from "../model.js";
import { holdsBigInt } from "./programmers/shape-traits.js";
import { routeWriter } from "./programmers/write-programmer.js";
import { objectOf } from "./protocol.js";
import type { HandlerWriter } from "./route-handler.js";

// How a socket route's handler ends (docs/guide/websockets.md, "WebSocket
// routes"): instead of calling the method and sending its answer, it hands
// the runtime the functions generated for the messages, taken once at
// startup, and the call of the method, made with the connection once it opens:
//
//   const messages = { parse: __honest_parse_ChatIn, report: __honest_report_ChatIn, exact: true, write: __honest_write_ChatOut };
//   ...
//   return __honest.openSocket(c, settings, messages, (connection) => controllerMethod.call(controller, connection, currentUser));

/** The local the route's handler passes its `Connection<In, Out>` parameter as. */
export const CONNECTION = "connection";

export function socketAnswer(socket: SocketModel, values: readonly ts.Expression[], writer: HandlerWriter): ts.Expression {
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
  return nodes.call(runtime("openSocket"), writer.context(), writer.input("settings"), nodes.id(messages), nodes.arrow([CONNECTION], call));
}
