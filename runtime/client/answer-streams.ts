import type { ProblemDocument } from "./answers.js";
import { parseAnswerJson } from "./exact-json.js";

// A generated client's streamed answers (docs/guide/streams.md, "Reading a
// stream"): the body of an `Sse<T>` or `Ndjson<T>` route read as it arrives,
// one item at a time, each parsed (exactly when its type holds an i64) and
// given its declared types by the route's reader. The stream's last words
// after a fault (an `error` event, an `{"error": problem}` line) reject the
// iteration with StreamFault. Leaving the loop (`break`, a throw) cancels the
// body, so the server's generator runs its `finally`. The generated module
// hands the route's reader function in (`stream: readSse`), so a client
// without streamed routes ships none of this.

/** Reads a streamed answer's items: `read` gives each its declared types; given only when its type holds an i64. */
export type StreamReader = (
  response: Response,
  read: ((value: unknown, event?: string) => unknown) | undefined,
) => AsyncGenerator<unknown, void, undefined>;

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
export const readSse: StreamReader = (response, read) => events(response, read, false);

/** `Sse<SseEvent<Data, Name>>`: each event whole, `{ event, id, retry, data }`. */
export const readSseEvents: StreamReader = (response, read) => events(response, read, true);

/** `Ndjson<T>`: each line, a T. */
export const readNdjson: StreamReader = async function* (response, read) {
  for await (const line of lines(response)) {
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
): AsyncGenerator<unknown, void, undefined> {
  let data: string[] = [];
  let event: string | undefined;
  let id: string | undefined;
  let retry: number | undefined;
  for await (const line of lines(response)) {
    if (line === "") {
      if (data.length > 0) {
        const text = data.join("\n");
        if (event === "error") throw new StreamFault(JSON.parse(text) as ProblemDocument);
        const parsed = parseAnswerJson(text, read !== undefined);
        const value = read ? read(parsed, event) : parsed;
        if (!whole) yield value;
        else {
          const item: { data: unknown; event?: string; id?: string; retry?: number } = { data: value };
          if (event !== undefined) item.event = event;
          if (id !== undefined) item.id = id;
          if (retry !== undefined) item.retry = retry;
          yield item;
        }
      }
      data = [];
      event = id = retry = undefined;
      continue;
    }
    if (line.startsWith(":")) continue;
    const colon = line.indexOf(":");
    const field = colon === -1 ? line : line.slice(0, colon);
    const value = colon === -1 ? "" : line.slice(line[colon + 1] === " " ? colon + 2 : colon + 1);
    if (field === "data") data.push(value);
    else if (field === "event") event = value;
    else if (field === "id") id = value;
    else if (field === "retry" && /^\d+$/.test(value)) retry = Number(value);
  }
}

/** The body's lines as they arrive, split at CR LF, LF or CR; the reader released (the body cancelled) when the loop is left. */
async function* lines(response: Response): AsyncGenerator<string, void, undefined> {
  if (response.body === null) return;
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let rest = "";
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      rest += value;
      const parts = rest.split(/\r\n|\n|\r(?!$)/);
      rest = parts.pop()!;
      yield* parts;
    }
    if (rest !== "") yield rest;
  } finally {
    // A loop left early: the server sees the client go, and closes its stream.
    await reader.cancel().catch(() => {});
  }
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
