import type { Context } from "hono";
import { isHttpError } from "../errors/http-error.js";

// How a handler's result becomes a response. The transformer picks a sender
// per route from the declared return type, and writes `Json<T>` bodies with a
// writer generated for `T` (docs/guide/json-bodies-and-responses.md, "JSON bodies and responses").

const JSON_HEADERS = { "content-type": "application/json" } as const;

export type JsonWriter = (value: any) => string;
/** One of the senders below. `status` is `S` of a declared `Json<T, S>`. */
export type Sender = (c: Context, result: any, write: JsonWriter, status?: number) => Response;

/**
 * `Json<T>` or `Json<T, S>`: the text the route's writer makes of the result,
 * with status `S`, or else the context's status (200 unless the handler
 * called `c.status()`, which the transformer allows only here).
 */
export function sendJson(c: Context, result: unknown, write: JsonWriter, status?: number): Response {
  return c.body(write(result), status as 200 | undefined, JSON_HEADERS);
}

/** `StatusCode`: that status, no body. */
export function sendStatus(c: Context, status: number): Response {
  return c.body(null, status as 200);
}

/** `Json<T> | StatusCode`: a number is a status, anything else JSON. */
export function sendJsonOrStatus(c: Context, result: unknown, write: JsonWriter, status?: number): Response {
  return typeof result === "number" ? sendStatus(c, result) : sendJson(c, result, write, status);
}

/** `Response`: the Response the handler built, as it is. */
export function sendResponse(_c: Context, result: unknown): Response {
  if (result instanceof Response) return result;
  throw new TypeError(`honest: the handler returned ${result === null ? "null" : typeof result} where its return type promises a Response`);
}

/** A return type with `Response` among its members: a Response as it is, anything else as the other members say. */
const orResponse =
  (send: Sender): Sender =>
  (c, result, write, status) =>
    result instanceof Response ? result : send(c, result, write, status);

/** `Json<T> | Response`. */
export const sendJsonOrResponse = orResponse(sendJson);
/** `StatusCode | Response`. */
export const sendStatusOrResponse = orResponse((c, result) => sendStatus(c, result));
/** `Json<T> | StatusCode | Response`. */
export const sendJsonOrStatusOrResponse = orResponse(sendJsonOrStatus);

/**
 * A return type with `HttpError<S>` among its members (docs/guide/errors.md, "Errors a route declares"): an HttpError
 * returned is answered as one thrown, through the app's error format; anything else as the other members say. The
 * route's factory makes this sender once, and only for such a route: the others pay nothing for it.
 */
export const orHttpError =
  (send: Sender): Sender =>
  (c, result, write, status) => {
    if (isHttpError(result)) throw result;
    return send(c, result, write, status);
  };

/**
 * A synchronous route's answer (app/controller-method.ts): at once from the handler's
 * copy, or once the promise of a handler the instance replaced settles.
 */
export function sendWhenSettled(
  c: Context,
  result: unknown,
  send: Sender,
  write?: JsonWriter,
  status?: number,
): Response | Promise<Response> {
  return result instanceof Promise ? result.then((value) => send(c, value, write!, status)) : send(c, result, write!, status);
}
