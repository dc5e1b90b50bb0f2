import type { SseEvent } from "../declarations/markers.js";
import type { ProblemDocument } from "../errors/problem.js";

// The text of server-sent events (docs/guide/streams.md, "Server-sent
// events"), as the HTML standard's event stream format reads it: fields, one
// line each, then a blank line that dispatches the event. JSON written by
// honest's writers holds no line break, so `data` is always one line; an
// event name or id is the program's text, and one holding a line break
// would start a field or an event of its own, so it is refused instead.

/** `Sse<T>`: one event whose data is the item's JSON. */
export function sseData(data: string): string {
  return `data: ${data}\n\n`;
}

/** `Sse<SseEvent<Data, Name>>`: the event's name, id and retry, then `data`, the JSON of its data. */
export function sseEvent(event: SseEvent<unknown>, data: string): string {
  let text = "";
  if (event.event !== undefined) text += `event: ${oneLine("event", event.event)}\n`;
  if (event.id !== undefined) text += `id: ${oneLine("id", typeof event.id === "string" ? event.id : String(event.id))}\n`;
  if (event.retry !== undefined) {
    if (!Number.isSafeInteger(event.retry) || event.retry < 0) {
      throw new TypeError(`honest: an SSE event's retry must be a whole number of ms from 0 up; got ${String(event.retry)}`);
    }
    text += `retry: ${event.retry}\n`;
  }
  return `${text}data: ${data}\n\n`;
}

/** The last event of a stream whose items failed: `event: error`, its data the problem document. */
export function sseError(problem: ProblemDocument): string {
  return `event: error\ndata: ${JSON.stringify(problem)}\n\n`;
}

/** A comment line, which every client ignores: enough to keep proxies from closing an idle stream. */
export const SSE_HEARTBEAT = ": \n\n";

function oneLine(field: "event" | "id", value: unknown): string {
  if (typeof value !== "string") throw new TypeError(`honest: an SSE event's ${field} must be a string; got ${typeof value}`);
  // A NUL makes clients ignore an id; CR and LF end the field.
  if (/[\r\n\0]/.test(value)) {
    throw new TypeError(`honest: an SSE event's ${field} ${JSON.stringify(value)} holds a line break or NUL, which would end the field`);
  }
  return value;
}
