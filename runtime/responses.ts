import type { Context } from "hono";

// How a handler's result becomes a response. The transformer picks one per
// route from the declared return type, and writes `Json<T>` bodies with a
// serializer generated for `T`.

const JSON_HEADERS = { "content-type": "application/json" } as const;

/** `Json<T>`: the text the route's serializer wrote, status 200. */
export function sendJsonText(c: Context, text: string): Response {
  return c.body(text, 200, JSON_HEADERS);
}

/** `StatusCode`: that status, no body. */
export function sendStatus(c: Context, status: number): Response {
  return c.body(null, status as 200);
}
