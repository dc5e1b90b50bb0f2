import { jsonText } from "../response/json-text.js";
import type { AnswerCheck } from "./answer-checks.js";
import { inputHeaders, present, queryString, setCallHeaders, textOf } from "./call-inputs.js";
import type { StreamReader } from "./answer-streams.js";
import type { EventIdType } from "./event-ids.js";
import { type Answer, UnexpectedAnswer } from "./answers.js";
import { parseAnswerJson } from "./exact-json.js";
import { setTraceHeaders } from "./trace-headers.js";
import { type ReadConditions, setConditions, withValidators, type WriteConditions } from "./call-conditions.js";

// The fetch plumbing of a generated client: each call builds one Request
// from the route's inputs and hands it to `fetch`, the global one or the
// app's own `app.request` for a client in the same process (no socket).

/** What a client sends its Requests to. `app.request` (from createApp) is one, for tests. */
export type Fetch = (request: Request) => Response | Promise<Response>;

export interface ClientOptions {
  /** Where the app's routes start: `https://api.example.com` or `https://example.com/api`. Default: `http://localhost`, for `app.request`. */
  readonly baseUrl?: string;
  /** Default: the global fetch. */
  readonly fetch?: Fetch;
  /** Headers sent with every call (a bearer token, say); a function is asked again for each call. */
  readonly headers?: HeadersInit | (() => HeadersInit | Promise<HeadersInit>);
  /**
   * The most bytes a streamed answer's line, or an event's data, may take: past it, reading the stream rejects
   * with a RangeError and its body is cancelled. Default: 1 MiB (1 048 576), the server's default body limit.
   */
  readonly maxStreamItemBytes?: number;
}

export interface CallOptions {
  readonly signal?: AbortSignal;
  /** Headers sent with this call, over the client's. */
  readonly headers?: HeadersInit;
}

/**
 * The options of a file route's call (docs/guide/files.md, "In the client"): with `stream: true` the answer's
 * `data` is the body as a stream, read as it arrives, instead of a Blob of all of it. Ask for a part with
 * `headers: { range: "bytes=0-99" }`: a 206 whose data is those bytes.
 */
export interface FileCallOptions<S extends boolean = false> extends CallOptions {
  readonly stream?: S;
}

/** A file answer's data: a Blob, or with `stream: true` the body as a stream. */
export type FileData<S extends boolean> = S extends true ? ReadableStream<Uint8Array> : Blob;

/** One call of a route, as the generated function describes it. */
export interface RouteCall {
  readonly method: string;
  /** The path with its placeholders filled in and percent-encoded. */
  readonly path: string;
  readonly query?: Readonly<Record<string, unknown>> | undefined;
  /** The query string as a page's `Link: rel="next"` gave it (`?limit=20&offset=20`), sent in place of `query` (page-calls.ts). */
  readonly search?: string | undefined;
  readonly headers?: Readonly<Record<string, unknown>> | undefined;
  readonly cookies?: Readonly<Record<string, unknown>> | undefined;
  /** `Json<T>`: the body, written as JSON with bigints exact. */
  readonly json?: unknown;
  /** `Form<T>`: the fields, sent as multipart/form-data. */
  readonly form?: Readonly<Record<string, unknown>> | undefined;
  /** Statuses outside 2xx and below 400 the route answers with, without a body (`Promise<204 | 304>`): answers, not problems. */
  readonly declared?: readonly number[] | undefined;
  /**
   * Error statuses the route, or the app's error format, answers without a body (`Promise<Json<T> | 401>`,
   * `401: (): 401 => 401`): failures whose problem is undefined.
   */
  readonly bodiless?: readonly number[] | undefined;
  /**
   * Given when the answer's type holds an i64 or a Date: its text is read exactly, and
   * this gives each position of the parsed body its declared type (bigints
   * at i64 positions, Dates at Date positions).
   */
  readonly read?: ((value: unknown, event?: string) => unknown) | undefined;
  /** `Download<Type>`: a successful answer's data is its bytes, a Blob (or the body's stream, with `stream: true`). */
  readonly file?: boolean | undefined;
  /** `Sse<T>`, `Ndjson<T>`: what reads the answer's items as they arrive. */
  readonly stream?: StreamReader | undefined;
  /** Whole events' ids are the route's Last-Event-ID's type, when it reads that header as an i64 or a number. */
  readonly eventId?: EventIdType | undefined;
  /** The route's response check, when the client checks answers (`checks: responseChecks`). */
  readonly check?: AnswerCheck | undefined;
  /** The route sends validators: its answers give `etag` and `lastModified` (a GET's `declared` has its 304). */
  readonly validators?: boolean | undefined;
}

/** `A`: the answer the generated function declares, which TypeScript infers from the function's type. */
export type Send = <A extends Answer<{ status: number; data: unknown }, unknown>>(
  call: RouteCall,
  options?: CallOptions & ReadConditions & WriteConditions,
) => Promise<A>;

/** How the app's error answers are read, when its error format holds an i64 or a Date, as a route's answers are. */
export type ProblemReading = (value: unknown) => unknown;

/** The function each generated route calls. */
export function connect(options: ClientOptions = {}, problems?: ProblemReading): Send {
  const base = (options.baseUrl ?? "http://localhost").replace(/\/+$/, "");
  return async (call, callOptions) => {
    const headers = await inputHeaders(options.headers, call);
    let body: BodyInit | undefined;
    if (call.json !== undefined) {
      headers.set("content-type", "application/json");
      body = jsonText(call.json) ?? "null";
    } else if (call.form !== undefined) {
      body = formData(call.form);
    }
    setCallHeaders(headers, callOptions?.headers);
    if (callOptions) setConditions(headers, callOptions);
    setTraceHeaders(headers);
    const query = call.search ?? queryString(call.query);
    const request = new Request(`${base}${call.path}${query}`, { method: call.method, headers, body, signal: callOptions?.signal });
    const response = await (options.fetch ?? fetch)(request);
    let answered: Answer<{ status: number; data: unknown }, unknown>;
    if (call.file && response.ok) {
      const streamed = (callOptions as FileCallOptions<boolean> | undefined)?.stream === true;
      answered = { ok: true, status: response.status, data: streamed ? (response.body ?? emptyStream()) : await response.blob(), response };
    } else answered = await answer(request, response, call, problems, options.maxStreamItemBytes);
    return (call.validators ? withValidators(answered) : answered) as never;
  };
}

async function answer(
  request: Request,
  response: Response,
  call: RouteCall,
  problems: ProblemReading | undefined,
  maxStreamItemBytes: number | undefined,
): Promise<Answer<{ status: number; data: unknown }, unknown>> {
  const { status } = response;
  const declared = response.ok || call.declared?.includes(status) === true;
  if (call.stream && response.ok)
    return { ok: true, status, data: call.stream(response, call.read, maxStreamItemBytes, call.eventId), response };
  const json = isJson(response);
  if (!json) {
    if (declared) return { ok: true, status, data: undefined, response };
    // Only an error answer declared without a body may have none: a failure, its problem undefined.
    if (!call.bodiless?.includes(status)) throw new UnexpectedAnswer(response, await response.text());
  }
  const text = await response.text();
  if (!declared) {
    const problem = json ? (problems ? problems(parseAnswerJson(text, true)) : JSON.parse(text)) : undefined;
    // Retry-After in seconds (a rate limit's 429, a full server's 503), as the answer's retryAfter.
    const wait = response.headers.get("retry-after");
    return { ok: false, status, problem, response, ...(wait && /^\d+$/.test(wait) && { retryAfter: +wait }) };
  }
  const value = text === "" ? undefined : parseAnswerJson(text, call.read !== undefined);
  const data = call.read && value !== undefined ? call.read(value) : value;
  call.check?.({ request, response, data });
  return { ok: true, status, data, response };
}

/** An empty file's stream, where the answer has no body at all. */
function emptyStream(): ReadableStream<Uint8Array> {
  return new ReadableStream({ start: (controller) => controller.close() });
}

/** `application/json`, `application/problem+json` and other `+json` types. */
function isJson(response: Response): boolean {
  const type = (response.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  return type === "application/json" || type.endsWith("+json");
}

/** A path placeholder's value, percent-encoded: `/items/${pathSegment(input.id)}`. */
export function pathSegment(value: string | number | boolean | bigint | Date): string {
  return encodeURIComponent(textOf(value));
}

function formData(fields: Readonly<Record<string, unknown>>): FormData {
  const form = new FormData();
  for (const [name, value] of present(fields)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item instanceof Blob) form.append(name, item, item instanceof File ? item.name : name);
      else form.append(name, textOf(item));
    }
  }
  return form;
}
