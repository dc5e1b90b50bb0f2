import type { Context } from "hono";
import { jsonText } from "./json-text.js";

// How a handler's result becomes a response. The transformer picks one per
// route from the declared return type.

const JSON_HEADERS = { "content-type": "application/json" } as const;

/** `Json<T>` where `T` cannot hold a bigint: JSON.stringify does it. */
export function sendJson(c: Context, value: unknown): Response {
  return c.body(JSON.stringify(value) ?? "null", 200, JSON_HEADERS);
}

/** `Json<T>` where `T` may hold a bigint (`i64`, `bigint`, `unknown`). */
export function sendJsonWithBigInt(c: Context, value: unknown): Response {
  return c.body(jsonText(value) ?? "null", 200, JSON_HEADERS);
}

/** `StatusCode`: that status, no body. */
export function sendStatus(c: Context, status: number): Response {
  return c.body(null, status as 200);
}
