import type { Context } from "hono";

// How a handler's result becomes a response. The transformer picks a sender
// per route from the declared return type, and writes `Json<T>` bodies with a
// writer generated for `T`.

const JSON_HEADERS = { "content-type": "application/json" } as const;

export type JsonWriter = (value: any) => string;
/** sendJson, sendStatus or sendJsonOrStatus. */
export type Sender = (c: Context, result: any, write: JsonWriter) => Response;

/** `Json<T>`: the text the route's writer makes of the result, status 200. */
export function sendJson(c: Context, result: unknown, write: JsonWriter): Response {
  return c.body(write(result), 200, JSON_HEADERS);
}

/** `StatusCode`: that status, no body. */
export function sendStatus(c: Context, status: number): Response {
  return c.body(null, status as 200);
}

/** `Json<T> | StatusCode`: a number is a status, anything else JSON. */
export function sendJsonOrStatus(c: Context, result: unknown, write: JsonWriter): Response {
  return typeof result === "number" ? sendStatus(c, result) : sendJson(c, result, write);
}

/**
 * A synchronous route's answer (app/controller-method.ts): at once from the handler's
 * copy, or once the promise of a handler the instance replaced settles.
 */
export function sendWhenSettled(c: Context, result: unknown, send: Sender, write?: JsonWriter): Response | Promise<Response> {
  return result instanceof Promise ? result.then((value) => send(c, value, write!)) : send(c, result, write!);
}
