import type { Context } from "hono";
import type { RouteSettings } from "../compiled/controller-definition.js";
import type { SseEvent } from "../declarations/markers.js";
import { reasonPhrase } from "../declarations/status-code.js";
import { nodeExchangeIn } from "../common/node-exchange.js";
import { isHttpError } from "../errors/http-error.js";
import { type ProblemDocument, problemDocument } from "../errors/problem.js";
import { scopeOf } from "../injection/request-scope.js";
import type { RequestEnd } from "../injection/request-end.js";
import { itemStream, type StreamEnd, type StreamFraming, type StreamScope } from "./item-stream.js";
import { writeJson } from "./json-writers.js";
import type { JsonWriter } from "./responses.js";
import { SSE_HEARTBEAT, sseData, sseError, sseEvent } from "./sse-frames.js";
import type { PhaseEnd } from "../tracing/phase-marks.js";
import type { AppLog } from "../telemetry/app-log.js";
import { requestIdOf } from "../telemetry/request-id.js";

// The senders of streamed routes (docs/guide/streams.md, "Streams"): the
// transformer picks one from the declared return type, `Sse<T>` or
// `Ndjson<T>`, and hands it the writer generated for the items' JSON. The
// answer starts at once, status 200, and each item follows as the iterable
// gives it. The headers keep it whole and unbuffered on its way: no-cache,
// no-transform (which Hono's `compress` and proxies honour), and
// x-accel-buffering (which nginx honours). A HEAD gets the headers alone:
// its iterable is never iterated (a generator never starts), and a route's
// request scope ends with the answer, 200, as any answer's does
// (docs/guide/request-scope.md, "Streams and sockets"). Where the app traces,
// `life` ends the stream's span when the stream ends (docs/guide/logs-and-traces.md, "Traces").

const SSE_HEADERS = {
  "content-type": "text/event-stream",
  "cache-control": "no-cache, no-transform",
  "x-accel-buffering": "no",
} as const;

const NDJSON_HEADERS = {
  "content-type": "application/x-ndjson",
  "cache-control": "no-cache, no-transform",
  "x-accel-buffering": "no",
} as const;

/** `Sse<T>`: each item one event, its data written by `write`; a comment every `settings.heartbeat` ms of silence (0: none). */
export function sendSse(c: Context, result: unknown, write: JsonWriter, settings: RouteSettings, life?: PhaseEnd): Response {
  return sseResponse(c, result, (value) => sseData(write(value)), settings, life);
}

/**
 * `Sse<SseEvent<Data, Name>>`: each item an event with its name, id and retry, its data written by `write`, or,
 * for events of several names and data types, by the writer of its name's data.
 */
export function sendSseEvents(
  c: Context,
  result: unknown,
  write: JsonWriter | EventWriters,
  settings: RouteSettings,
  life?: PhaseEnd,
): Response {
  const writeData: (event: SseEvent<unknown>) => string =
    typeof write === "function" ? (event) => write(event.data) : (event) => (write.get(event.event as string) ?? writeJson)(event.data);
  return sseResponse(c, result, (value) => sseEvent(value as SseEvent<unknown>, writeData(value as SseEvent<unknown>)), settings, life);
}

/**
 * Server-sent events, each item's text by `item`. At shutdown the stream just
 * ends: a client's EventSource reconnects by itself, to a server that is up,
 * and sends the last id it saw.
 */
function sseResponse(c: Context, result: unknown, item: (value: unknown) => string, settings: RouteSettings, life?: PhaseEnd): Response {
  const items = iterableOf(result, "Sse<T>", life);
  if (c.req.method === "HEAD") return headersAlone(c, SSE_HEADERS, life);
  const framing: StreamFraming = {
    item,
    fault: (error) => sseError(streamFault(c, error, settings.log)),
    heartbeat: { text: SSE_HEARTBEAT, interval: settings.heartbeat },
    ended: "",
    stall: settings.streamStallTimeout,
    log: settings.log,
    closeConnection: nodeConnectionCloser(c),
    scope: streamScope(c),
    life,
  };
  return c.body(itemStream(items, framing, settings.streams), 200, SSE_HEADERS);
}

/** The writer of each event name's data, where the data's type depends on the name. */
export type EventWriters = ReadonlyMap<string, JsonWriter>;

/**
 * `Ndjson<T>`: each item one line of JSON; a fault ends the stream with the line `{"error": problem}`, and so does
 * shutdown, with a 503: newline-delimited JSON has no way to resume, and a stream cut without a word would pass
 * for a whole one.
 */
export function sendNdjson(c: Context, result: unknown, write: JsonWriter, settings: RouteSettings, life?: PhaseEnd): Response {
  const errorLine = (problem: ProblemDocument) => `{"error":${JSON.stringify(problem)}}\n`;
  const items = iterableOf(result, "Ndjson<T>", life);
  if (c.req.method === "HEAD") return headersAlone(c, NDJSON_HEADERS, life);
  const framing: StreamFraming = {
    item: (value) => `${write(value)}\n`,
    fault: (error) => errorLine(streamFault(c, error, settings.log)),
    ended: errorLine(problemDocument(503, "the server is shutting down; ask again", undefined, requestIdOf(c))),
    stall: settings.streamStallTimeout,
    log: settings.log,
    closeConnection: nodeConnectionCloser(c),
    scope: streamScope(c),
    life,
  };
  return c.body(itemStream(items, framing, settings.streams), 200, NDJSON_HEADERS);
}

/**
 * The request's scope, carried on by the stream where the route has one
 * (docs/guide/request-scope.md, "Streams and sockets"): the generator runs
 * inside it, and its end finishes it: every item sent is answered (200),
 * the client leaving is gone, a fault failed (an HttpError's 4xx refused),
 * and the server ending it at shutdown failed with 503.
 */
function streamScope(c: Context): StreamScope | undefined {
  const scope = scopeOf(c);
  if (scope === undefined) return undefined;
  const label = `${c.req.method} ${c.req.path}`;
  let abandon = () => {};
  const finish = scope.defer(label, () => abandon());
  return {
    label,
    within: (step) => scope.run(step),
    finished: (end) => void finish(requestEndOf(end)),
    carry: (stream) => {
      abandon = stream;
    },
  };
}

function requestEndOf(end: StreamEnd): RequestEnd {
  if (end.kind === "done") return { outcome: "answered", status: 200 };
  if (end.kind === "gone") return { outcome: "gone" };
  if (end.kind === "ended") return { outcome: "failed", status: 503 };
  const error = end.kind === "fault" ? end.error : undefined;
  if (isHttpError(error) && error.status >= 400 && error.status <= 499) return { outcome: "refused", status: error.status, error };
  return { outcome: "failed", status: isHttpError(error) && error.status >= 500 && error.status <= 599 ? error.status : 500, error };
}

/** On @hono/node-server, what closes the response's connection: a stream cut off ends there without a fault logged. */
function nodeConnectionCloser(c: Context): (() => void) | undefined {
  const outgoing = nodeExchangeIn(c.env)?.outgoing;
  return outgoing === undefined ? undefined : () => outgoing.destroy();
}

/** The handler's result, which its return type promises is an AsyncIterable; anything else is a 500, before the stream starts. */
function iterableOf(result: unknown, declared: string, life: PhaseEnd | undefined): AsyncIterable<unknown> {
  if (typeof (result as AsyncIterable<unknown> | null)?.[Symbol.asyncIterator] === "function") return result as AsyncIterable<unknown>;
  const error = new TypeError(
    `honest: the handler returned ${result === null ? "null" : typeof result} where its return type promises ${declared}, an AsyncIterable`,
  );
  life?.(error);
  throw error;
}

/** A HEAD's answer: the headers, and a stream that never starts, so its life is over at once. */
function headersAlone(c: Context, headers: Readonly<Record<string, string>>, life: PhaseEnd | undefined): Response {
  life?.();
  return c.body(null, 200, headers);
}

/**
 * A fault after the answer started, as the problem document its last words
 * carry: an HttpError's own status and detail, anything else a 500, logged
 * as the app logs a handler's fault (errors/error-answers.ts).
 */
function streamFault(c: Context, error: unknown, log: AppLog): ProblemDocument {
  const reqId = requestIdOf(c);
  if (isHttpError(error) && error.status >= 400 && error.status <= 599) {
    return problemDocument(error.status, error.detail ?? reasonPhrase(error.status), error.extensions, reqId);
  }
  log.error(`${c.req.method} ${c.req.path} failed mid-stream with an unhandled error`, { err: error, reqId });
  return problemDocument(500, "the server failed to complete the stream", undefined, reqId);
}
