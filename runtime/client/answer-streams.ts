import type { ProblemDocument } from "./answers.js";
import { type EventIdType, readEventId } from "./event-ids.js";
import { parseAnswerJson } from "./exact-json.js";

// A generated client's streamed answers (docs/guide/streams.md, "Reading a
// stream"): the body of an `Sse<T>` or `Ndjson<T>` route read as it arrives,
// one item at a time, each parsed (exactly when its type holds an i64 or a Date) and
// given its declared types by the route's reader. The stream's last words
// after a fault (an `error` event, an `{"error": problem}` line) reject the
// iteration with StreamFault. Leaving the loop (`break`, a throw) cancels the
// body, so the server's generator runs its `finally`. The generated module
// hands the route's reader function in (`stream: readSse`), so a client
// without streamed routes ships none of this. A line, and an event's data,
// may take up to `maxStreamItemBytes` (docs/reference/limits.md, "The
// generated client"): past it the iteration rejects and the body is cancelled.

/**
 * Reads a streamed answer's items: `read` gives each its declared types, given only when its type holds an i64 or a Date;
 * `maxItemBytes` bounds a line and an event's data (default 1 MiB); `eventId`, for whole events, the type of their ids
 * when the route reads Last-Event-ID as an i64 or a number (strings otherwise).
 */
export type StreamReader = (
  response: Response,
  read: ((value: unknown, event?: string) => unknown) | undefined,
  maxItemBytes?: number,
  eventId?: EventIdType,
) => AsyncGenerator<unknown, void, undefined>;

/** The client's `maxStreamItemBytes` by default: the server's default body limit. */
const MAX_ITEM_BYTES = 1024 * 1024;

/** The stream ended with the server's fault (its `error` event or line): the problem document it sent. */
export class StreamFault extends Error {
  readonly status: number;
  constructor(readonly problem: ProblemDocument) {
    super(`the stream ended with a fault: ${problem.status} ${problem.title}${problem.detail ? `: ${problem.detail}` : ""}`);
    this.name = "StreamFault";
    this.status = problem.status;
  }
}

/** `Sse<T>`: each event's data, a T. */
export const readSse: StreamReader = (response, read, maxItemBytes) => events(response, read, false, maxItemBytes, undefined);

/** `Sse<SseEvent<Data, Name>>`: each event whole, `{ event, id, retry, data }`, the id of the type `eventId` says. */
export const readSseEvents: StreamReader = (response, read, maxItemBytes, eventId) => events(response, read, true, maxItemBytes, eventId);

/** `Ndjson<T>`: each line, a T. */
export const readNdjson: StreamReader = async function* (response, read, maxItemBytes = MAX_ITEM_BYTES) {
  for await (const [line] of lines(response, maxItemBytes)) {
    if (line.trim() === "") continue;
    const value = parseAnswerJson(line, read !== undefined);
    if (isFaultLine(value)) throw new StreamFault(value.error);
    yield read ? read(value) : value;
  }
};

/** The event stream format of the HTML standard: fields a line each, an event dispatched by a blank line, comments (`:`) ignored. */
async function* events(
  response: Response,
  read: ((value: unknown, event?: string) => unknown) | undefined,
  whole: boolean,
  maxItemBytes = MAX_ITEM_BYTES,
  eventId: EventIdType | undefined,
): AsyncGenerator<unknown, void, undefined> {
  let data: string[] = [];
  /** The bytes of the event's data lines so far. */
  let size = 0;
  let event: string | undefined;
  let id: string | undefined;
  let retry: number | undefined;
  for await (const [line, bytes] of lines(response, maxItemBytes)) {
    if (line === "") {
      if (data.length > 0) {
        const text = data.join("\n");
        if (event === "error") throw new StreamFault(JSON.parse(text) as ProblemDocument);
        const parsed = parseAnswerJson(text, read !== undefined);
        const value = read ? read(parsed, event) : parsed;
        if (!whole) yield value;
        else {
          const item: { data: unknown; event?: string; id?: string | bigint | number; retry?: number } = { data: value };
          if (event !== undefined) item.event = event;
          if (id !== undefined) item.id = eventId ? readEventId(id, eventId) : id;
          if (retry !== undefined) item.retry = retry;
          yield item;
        }
      }
      data = [];
      size = 0;
      event = id = retry = undefined;
      continue;
    }
    if (line.startsWith(":")) continue;
    const colon = line.indexOf(":");
    const field = colon === -1 ? line : line.slice(0, colon);
    const value = colon === -1 ? "" : line.slice(line[colon + 1] === " " ? colon + 2 : colon + 1);
    if (field === "data") {
      size += bytes;
      if (size > maxItemBytes) throw tooLong("an event's data", maxItemBytes);
      data.push(value);
    } else if (field === "event") event = value;
    else if (field === "id") id = value;
    else if (field === "retry" && /^\d+$/.test(value)) retry = Number(value);
  }
}

/**
 * The body's lines as they arrive, each with its size in bytes, split at
 * CR LF, LF or CR; the reader released (the body cancelled) when the loop is
 * left. Split as bytes (a CR or LF byte is never part of a longer UTF-8
 * character), each piece scanned once, and a line arriving in many pieces
 * kept as a list of their text, joined once when it ends: reading is linear
 * in the body (re-splitting the line so far at each piece took 64 s for an
 * 8 MiB line in 1 KiB pieces).
 */
async function* lines(response: Response, maxBytes: number): AsyncGenerator<[line: string, bytes: number], void, undefined> {
  if (response.body === null) return;
  const reader = response.body.getReader();
  // One decoder for the whole body: a character split between two pieces comes whole, and a byte order mark is dropped only at the start.
  const decoder = new TextDecoder();
  /** The text of the line so far, and its bytes. */
  let held: string[] = [];
  let size = 0;
  let afterCr = false;
  /** Holds the text of `bytes`, of which the last `end` are a line end, which does not count. */
  const hold = (bytes: Uint8Array, end = 0): void => {
    size += bytes.length - end;
    if (size > maxBytes) throw tooLong("a line of the stream", maxBytes);
    held.push(decoder.decode(bytes, { stream: true }));
  };
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      // The LF of a CR LF split between two pieces.
      let start = afterCr && value[0] === 10 ? 1 : 0;
      for (let at = start; at < value.length; at++) {
        const byte = value[at];
        if (byte !== 10 && byte !== 13) continue;
        // With its line end, which ends a character the line leaves unfinished (as U+FFFD), then dropped.
        hold(value.subarray(start, at + 1), 1);
        yield [held.join("").slice(0, -1), size];
        held = [];
        size = 0;
        if (byte === 13 && value[at + 1] === 10) at++;
        start = at + 1;
      }
      if (value.length > 0) afterCr = value[value.length - 1] === 13;
      hold(value.subarray(start));
    }
    const last = held.join("") + decoder.decode();
    if (last !== "") yield [last, size];
  } finally {
    // A loop left early: the server sees the client go, and closes its stream.
    await reader.cancel().catch(() => {});
  }
}

/** What rejects the iteration when a line or an event passes the client's bound. */
function tooLong(what: string, maxBytes: number): RangeError {
  return new RangeError(`${what} passed ${maxBytes} bytes, the client's maxStreamItemBytes (an option of createClient)`);
}

function isFaultLine(value: unknown): value is { error: ProblemDocument } {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const keys = Object.keys(value);
  const error = (value as { error?: unknown }).error;
  return (
    keys.length === 1 &&
    keys[0] === "error" &&
    typeof error === "object" &&
    error !== null &&
    typeof (error as ProblemDocument).status === "number"
  );
}
