import { i64OfText, numberOfText } from "../common/decimal-text.js";

// An event's id in a generated client (docs/guide/streams.md, "Reading a stream"): the route's Last-Event-ID header
// says what its ids are, since that header is where a reconnecting client sends one back; the client gives each id
// that type, so the id an event came with is what the call's `last-event-id` takes. The server reads the header as
// exactly these syntaxes (common/decimal-text.ts, which both read with), so the client reads no more than that.

/** The type of a route's event ids, from its `Last-Event-ID` header: `i64` (a bigint) or `number`; a string otherwise. */
export type EventIdType = "i64" | "number";

/** The id as `type`; a TypeError naming it when the server sent an id its route does not declare. */
export function readEventId(text: string, type: EventIdType): bigint | number {
  const value = type === "i64" ? i64OfText(text) : numberOfText(text);
  if (value !== undefined) return value;
  throw new TypeError(
    `the stream's event id '${text}' is not ${type === "i64" ? "an i64" : "a number"}, the type the route gives Last-Event-ID; ` +
      "the server sent an id its route does not declare",
  );
}
