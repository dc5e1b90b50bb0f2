import type ts from "typescript";
import { messages, onRoute } from "../diagnostic-messages.js";
import type { Fail } from "../diagnostics.js";
import type { SocketModel } from "../model.js";
import { analyseJsonType } from "./analyse-json-type.js";
import type { AnalysisContext } from "./analysis-context.js";

// What a `@Socket(path)` route adds to any route's analysis
// (docs/guide/websockets.md, "WebSocket routes"): one `Connection<In, Out>`
// parameter, whose `In` and `Out` must travel as JSON (`In` as a body does,
// `Out` as a response does); no request body, since the upgrade is a GET;
// and `Promise<void>` returned, since what the handler would answer it sends
// on the connection. Its other parameters are any route's, read from the
// upgrade request (analyse-parameters.ts).

export function analyseSocket(context: AnalysisContext, handler: ts.MethodDeclaration, label: string): SocketModel | undefined {
  const { symbols, sink } = context;
  const fail: Fail = (node, message) => sink.error(node, onRoute(label, message));
  const connections: { parameter: ts.ParameterDeclaration; typeArguments: readonly ts.TypeNode[] }[] = [];
  let ok = true;
  for (const parameter of handler.parameters) {
    const marker = parameter.type && symbols.markerOf(parameter.type);
    if (marker?.tag === "Connection") connections.push({ parameter, typeArguments: marker.typeArguments });
    else if (marker?.tag === "Json" || marker?.tag === "Form") {
      fail(parameter, messages.SocketRoute.body({ tag: marker.tag }));
      ok = false;
    }
  }
  const [connection, second] = connections;
  if (!connection) {
    fail(handler.name, messages.SocketRoute.noConnection({ member: handler.name.getText() }));
    return undefined;
  }
  if (second) {
    fail(second.parameter, messages.SocketRoute.severalConnections());
    return undefined;
  }
  const [incomingType, outgoingType] = connection.typeArguments;
  if (!incomingType || !outgoingType) {
    fail(
      connection.parameter.type ?? connection.parameter,
      messages.SocketRoute.connectionArguments({ written: connection.parameter.type!.getText() }),
    );
    return undefined;
  }
  const incoming = analyseJsonType(context, incomingType, "received", label);
  const outgoing = analyseJsonType(context, outgoingType, "sent", label);
  if (!returnsNothing(context, handler, fail)) ok = false;
  return ok && incoming && outgoing ? { incoming, outgoing } : undefined;
}

/** The handler's return type, awaited, is void (or undefined, or never): reported otherwise. */
function returnsNothing(context: AnalysisContext, handler: ts.MethodDeclaration, fail: Fail): boolean {
  const { facts } = context;
  const signature = facts.callSignatures(facts.typeAt(handler.name))[0];
  if (!signature) return true;
  const returned = facts.awaitedType(facts.returnType(signature));
  const { Void, Undefined, Never } = facts.flags.TypeFlags;
  if (facts.typeFlags(returned) & (Void | Undefined | Never)) return true;
  const type = handler.type ? handler.type.getText() : facts.typeText(facts.returnType(signature));
  fail(handler.type ?? handler.name, messages.SocketRoute.returnType({ type }));
  return false;
}
