import { MAX_I64, MIN_I64 } from "../common/i64-range.js";

// An event's id in a generated client (docs/guide/streams.md, "Reading a stream"): the route's Last-Event-ID header
// says what its ids are, since that header is where a reconnecting client sends one back; the client gives each id
// that type, so the id an event came with is what the call's `last-event-id` takes. The server reads the header as
// exactly these syntaxes (runtime/inputs/text-values.ts), so the client reads no more than that.

/** The type of a route's event ids, from its `Last-Event-ID` header: `i64` (a bigint) or `number`; a string otherwise. */
export type EventIdType = "i64" | "number";

const DECIMAL_INTEGER = /^-?\d+$/;
const DECIMAL_NUMBER = /^-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?$/;

/** The id as `type`; a TypeError naming it when the server sent an id its route does not declare. */
export function readEventId(text: string, type: EventIdType): bigint | number {
  if (type === "i64" && DECIMAL_INTEGER.test(text)) {
    const value = BigInt(text);
    if (value >= MIN_I64 && value <= MAX_I64) return value;
  }
  if (type === "number" && DECIMAL_NUMBER.test(text)) {
    const value = Number(text);
    if (Number.isFinite(value)) return value;
  }
  throw new TypeError(
    `the stream's event id '${text}' is not ${type === "i64" ? "an i64" : "a number"}, the type the route gives Last-Event-ID; ` +
      "the server sent an id its route does not declare",
  );
}
