import type { JsonShape, ProgramModel, ShapeTable } from "../model.js";

// The named shapes some answer carries: a `Json<T>` response, a stream's
// items, a socket's outgoing messages, a declared HttpError's extensions, the app's error format, and all they
// hold. A `Secret<T>` property is `writeOnly` in the document only in a
// shape no answer carries, since writeOnly tells a client that answers
// leave it out (docs/guide/json-bodies-and-responses.md, "Secrets").

export function answeredShapes(model: ProgramModel): ReadonlySet<number> {
  const answered = new Set<number>();
  const walk = (shape: JsonShape): void => walkShape(shape, model.shapes, answered);
  for (const controller of model.controllers) {
    for (const route of controller.routes) {
      if (route.response.json) walk(route.response.json.shape);
      if (route.response.stream) {
        walk(route.response.stream.item);
        for (const event of route.response.stream.events ?? []) walk(event.data);
      }
      if (route.socket) walk(route.socket.outgoing);
      for (const error of route.response.errors ?? []) if (error.extensions) walk(error.extensions);
    }
  }
  for (const entry of model.errorFormat?.entries ?? []) if (entry.shape) walk(entry.shape);
  return answered;
}

/** Adds to `ids` every named shape `shape` reaches. */
function walkShape(shape: JsonShape, table: ShapeTable, ids: Set<number>): void {
  switch (shape.kind) {
    case "reference":
      if (ids.has(shape.id)) return;
      ids.add(shape.id);
      walkShape(table[shape.id]!.shape, table, ids);
      return;
    case "array":
      walkShape(shape.element, table, ids);
      return;
    case "tuple":
      for (const element of shape.elements) walkShape(element, table, ids);
      if (shape.rest) walkShape(shape.rest, table, ids);
      return;
    case "union":
      for (const member of shape.members) walkShape(member, table, ids);
      return;
    case "object":
      for (const property of shape.properties) walkShape(property.shape, table, ids);
      if (shape.additional) walkShape(shape.additional, table, ids);
      return;
    default:
      return;
  }
}
