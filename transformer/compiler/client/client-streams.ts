import type { RouteModel, StreamModel } from "../model.js";
import type { ClientReaders } from "./client-readers.js";
import type { ClientTypes } from "./client-types.js";

// A streamed route in a generated client (docs/guide/streams.md, "Reading a
// stream"): its answer's data is an async generator of the route's items,
// read by honest/client's readSse, readSseEvents or readNdjson, which the
// route's call names (so a client without streams ships none of them), and
// given their declared types by the route's reader when they hold an i64 or a Date.
// An SseEvent's id has the type the route gives its Last-Event-ID header,
// where a reconnecting client sends the id back: a bigint for an i64, a
// number for a number, else the text it came as.

/**
 * The type of an SseEvent route's ids, from its `Last-Event-ID` header (docs/guide/streams.md, "Event names, ids and
 * reconnecting"): `i64` or `number`, which the client reads them as; undefined for a string, or a route that reads none.
 */
export function eventIdType(route: RouteModel): "i64" | "number" | undefined {
  for (const parameter of route.parameters) {
    if (parameter.kind !== "input" || parameter.source !== "header") continue;
    const header = parameter.properties.find((property) => property.name.toLowerCase() === "last-event-id" && !property.array);
    const kind = header?.type.kind;
    if (kind === "i64" || kind === "number") return kind;
  }
  return undefined;
}

/** The type of a streamed answer's data: `AsyncGenerator<Tick, void, undefined>`, an SseEvent route's items as events. */
export function streamDataType(stream: StreamModel, types: ClientTypes, eventId: "i64" | "number" | undefined): string {
  const id = eventId === "i64" ? "bigint" : (eventId ?? "string");
  const item = stream.events
    ? stream.events
        .map((event) => {
          const name = event.names ? `event: ${event.names.map((each) => JSON.stringify(each)).join(" | ")}` : "event?: string";
          return `{ ${name}; data: ${types.typeOf(event.data)}; id?: ${id}; retry?: number }`;
        })
        .join(" | ")
    : types.typeOf(stream.item);
  return `AsyncGenerator<${item}, void, undefined>`;
}

/** The honest/client function that reads the stream. */
export function streamReaderName(stream: StreamModel): "readSse" | "readSseEvents" | "readNdjson" {
  return stream.format === "ndjson" ? "readNdjson" : stream.events ? "readSseEvents" : "readSse";
}

/**
 * The reader of each item, when the items may hold an i64 or a Date: the item's, or
 * for named events, the one of the event's data, chosen by its name. When every event is named, an event of none of
 * the names that need a reader is one whose data needs none (readPlain at most), so the client carries no test of the
 * item's whole union for it.
 */
export function streamItemReader(stream: StreamModel, readers: ClientReaders): string | undefined {
  if (!readers.needsReading(stream.item)) return undefined;
  const events = stream.events ?? [];
  const named = events.filter((event) => event.names !== undefined && readers.needsReading(event.data));
  if (named.length === 0) return readers.readerOf(stream.item)!;
  const branches = named.map((event) => {
    const test = event.names!.map((name) => `event === ${JSON.stringify(name)}`).join(" || ");
    return `${test} ? ${readers.call(readers.readerOf(event.data)!, "value")}`;
  });
  const others = events.every((event) => event.names !== undefined)
    ? readers.readerOf({ kind: "union", members: events.filter((event) => !named.includes(event)).map((event) => event.data) })
    : readers.readerOf(stream.item);
  return `(value: unknown, event?: string) => ${[...branches, others === undefined ? "value" : readers.call(others, "value")].join(" : ")}`;
}
