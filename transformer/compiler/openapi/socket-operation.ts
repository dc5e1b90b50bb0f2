import type { RouteModel, SocketModel } from "../model.js";
import type { JsonSchemas } from "./json-schemas.js";
import type { ProblemAnswers } from "./problem-answers.js";
import type { Schema } from "./schema.js";

// A socket route in the OpenAPI document (docs/guide/websockets.md, "In the
// OpenAPI document"). OpenAPI has no words for a WebSocket, so the route is
// what it is on the wire: a GET whose success is 101 Switching Protocols,
// with its parameters, security and error answers as any route has them
// (each read from the upgrade request), and its messages' schemas in an
// `x-websocket` extension, which tools that do not know it ignore.

/** The responses of the upgrade: 101, 426 for a GET that asks for no WebSocket, and the route's error answers. */
export function socketResponses(route: RouteModel, problems: ProblemAnswers): Record<string, Schema> {
  const responses: Record<string, Schema> = {
    "101": { description: "Switching Protocols: the connection is a WebSocket, whose messages x-websocket describes." },
    "426": { description: "Upgrade Required: the GET did not ask for a WebSocket (Upgrade: websocket)." },
  };
  for (const [code, answer] of problems.of(route)) responses[code] = answer;
  return responses;
}

/** `x-websocket`: the JSON of each text message the client sends (`receives`) and the route sends (`sends`). */
export function socketMessages(socket: SocketModel, schemas: JsonSchemas): Schema {
  return { receives: schemas.schema(socket.incoming), sends: schemas.schema(socket.outgoing) };
}
