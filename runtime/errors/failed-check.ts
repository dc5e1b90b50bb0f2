import type { StatusCode } from "../declarations/status-code.js";
import { HttpError } from "./http-error.js";

// Which of honest's checks refused a request, carried by the HttpError the
// check throws, so that createApp({ renderError }) can tell a body fault
// from a path fault or a handler's own HttpError without matching text
// (docs/guide/errors.md, "Errors in your own format").

/**
 * - `route`: no route matches the path (404)
 * - `method`: the path matches, the method does not (405)
 * - `path`: the request path is broken, or a path parameter does not parse (400)
 * - `content-type`: a body's media type or content coding is not one honest reads (415)
 * - `body-size`: a body larger than `bodyLimit` (413)
 * - `body-memory`: under serve, no room left for the body within `maxBodyMemory` (503)
 * - `body-timeout`: under serve, a body that sent nothing for `bodyIdleTimeout` ms (408)
 * - `body`: a body that is not UTF-8, not JSON, of the wrong shape, too deep, or framed oddly (400)
 * - `query`, `header`, `cookie`: a `Query<T>`, `Header<T>` or `Cookie<T>` value missing, repeated or not of its type (400)
 * - `form`: a `Form<T>` field missing, repeated or not of its type (400)
 * - `upgrade`: a WebSocket route asked for without `Upgrade: websocket` and `Connection: Upgrade` (426)
 * - `origin`: a WebSocket upgrade from a page of an origin the app does not allow (403)
 * - `rate-limit`: a route's `@RateLimit` counted more requests from the client than its window allows (429)
 * - `range`: a download's `Range` starts past the file's end (416, its Content-Range giving the file's length)
 * - `precondition`: an If-Match, If-Unmodified-Since or (on a write) If-None-Match the resource's validators fail (412)
 * - `middleware`: a Hono middleware threw an HTTPException (its status)
 * - `handler`: a handler or resolver threw an HttpError (its status)
 * - `timeout`: a handler did not settle within `timeout` ms (504)
 * - `server`: a handler failed with anything else (500)
 */
export type FailedCheck =
  | "route"
  | "method"
  | "path"
  | "content-type"
  | "body-size"
  | "body-memory"
  | "body-timeout"
  | "body"
  | "query"
  | "header"
  | "cookie"
  | "form"
  | "upgrade"
  | "origin"
  | "rate-limit"
  | "range"
  | "precondition"
  | "middleware"
  | "handler"
  | "timeout"
  | "server";

const checkKey = Symbol.for("honest.failedCheck");
const headersKey = Symbol.for("honest.refusalHeaders");

/** An HttpError for a request one of honest's checks refused; `headers` go with its answer, whatever the app's error format (Retry-After). */
export function refusal(
  check: FailedCheck,
  status: StatusCode,
  detail: string,
  extensions?: Record<string, unknown>,
  headers?: Readonly<Record<string, string>>,
): HttpError {
  const error = new HttpError(status, detail, extensions);
  Object.defineProperty(error, checkKey, { value: check });
  if (headers !== undefined) Object.defineProperty(error, headersKey, { value: headers });
  return error;
}

/** The headers a check's refusal answers with, if it has any. */
export function refusalHeadersOf(error: HttpError): Readonly<Record<string, string>> | undefined {
  return (error as unknown as Record<symbol, Readonly<Record<string, string>> | undefined>)[headersKey];
}

/** The check that threw `error`; an HttpError thrown by application code is the handler's. */
export function failedCheckOf(error: HttpError): FailedCheck {
  return (error as unknown as Record<symbol, FailedCheck | undefined>)[checkKey] ?? "handler";
}
