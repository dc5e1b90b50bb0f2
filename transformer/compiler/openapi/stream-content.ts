import type { SseEventModel, StreamModel } from "../model.js";
import type { JsonSchemas } from "./json-schemas.js";
import type { Schema } from "./schema.js";

// A streamed route's 200 response (docs/guide/openapi-and-clients.md,
// "Streams in the document"). OpenAPI 3.2 describes a stream by the schema of
// each item, `itemSchema`; an SSE event is modelled as the HTML standard's
// fields (`data`, a string, here the JSON of the item type, with `event`,
// `id` and `retry`), as the 3.2 specification's "Special Considerations for
// Server-Sent Events" does. OpenAPI 3.1 has no item schemas: there the body
// is text, and JSON Schema's own words for what text holds say the rest:
// `contentMediaType` its format, `contentSchema` the stream read as an array
// of its items, as 3.2 models a whole stream (annotations, which no validator
// applies to the body, and which linters follow to the components). Either
// way the item schema lists the fault a stream can end with, the `error`
// event or line.

export type OpenapiVersion = "3.1" | "3.2";

export function streamResponse(stream: StreamModel, schemas: JsonSchemas, problem: Schema, version: OpenapiVersion): Schema {
  const itemSchema = stream.format === "sse" ? sseItemSchema(stream, schemas, problem) : ndjsonItemSchema(stream, schemas, problem);
  const mediaType = stream.format === "sse" ? "text/event-stream" : "application/x-ndjson";
  const description =
    stream.format === "sse"
      ? "Server-sent events, one per item, each item's JSON its data; a fault ends the stream with an `error` event whose data is a problem document."
      : 'Newline-delimited JSON, one item a line; a fault ends the stream with the line `{"error": problem document}`.';
  const media =
    version === "3.2"
      ? { itemSchema }
      : { schema: { type: "string", contentMediaType: mediaType, contentSchema: { type: "array", items: itemSchema } } };
  return { description, content: { [mediaType]: media } };
}

function ndjsonItemSchema(stream: StreamModel, schemas: JsonSchemas, problem: Schema): Schema {
  return { anyOf: [schemas.schema(stream.item), { type: "object", properties: { error: problem }, required: ["error"] }] };
}

function sseItemSchema(stream: StreamModel, schemas: JsonSchemas, problem: Schema): Schema {
  const error = { ...sseEventSchema(jsonData(problem), { const: "error" }, false), required: ["event", "data"] };
  if (!stream.events) return { anyOf: [sseEventSchema(jsonData(schemas.schema(stream.item)), undefined, false), error] };
  const events = stream.events.map((event) => sseEventSchema(jsonData(schemas.schema(event.data)), eventName(event), true));
  return { anyOf: [...events, error] };
}

/** The `event` field: its names, or any but "error" (which honest keeps for the fault). */
function eventName(event: SseEventModel): Schema {
  if (event.names === undefined) return { type: "string", not: { const: "error" } };
  return event.names.length === 1 ? { const: event.names[0] } : { enum: event.names };
}

/** An SSE event's `data`: text that is the JSON of `schema`. */
function jsonData(schema: Schema): Schema {
  return { type: "string", contentMediaType: "application/json", contentSchema: schema };
}

/** An event as the fields it is sent with: `event` (an event without one is a "message" event), `id` and `retry` where its type has them. */
function sseEventSchema(data: Schema, event: Schema | undefined, fields: boolean): Schema {
  const properties: Record<string, Schema> = { data };
  if (event) properties.event = event;
  if (fields) {
    properties.id = { type: "string" };
    properties.retry = { type: "integer", minimum: 0 };
  }
  return { type: "object", properties, required: ["data"] };
}
