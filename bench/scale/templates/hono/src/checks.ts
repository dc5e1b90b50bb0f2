import type { Context } from "hono";

const MIN_I64 = -(2n ** 63n);
const MAX_I64 = 2n ** 63n - 1n;
const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json(?:\s*;|$)/i;

export function parseI64(text: string): bigint | undefined {
  if (!/^-?\d+$/.test(text)) return undefined;
  const value = BigInt(text);
  return value >= MIN_I64 && value <= MAX_I64 ? value : undefined;
}

export function parseNumber(text: string): number | undefined {
  if (!/^-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?$/.test(text)) return undefined;
  const value = Number(text);
  return Number.isFinite(value) ? value : undefined;
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export function isNumber(value: unknown): value is number {
  return typeof value === "number" && Number.isFinite(value);
}

export function isStringArray(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((element) => typeof element === "string");
}

export function problem(status: number, detail: string): Response {
  return new Response(JSON.stringify({ type: "about:blank", status, detail }), {
    status,
    headers: { "content-type": "application/problem+json" },
  });
}

export function jsonText(text: string, status = 200): Response {
  return new Response(text, { status, headers: { "content-type": "application/json" } });
}

/** The body as JSON, or the problem answer to send instead. */
export async function readJson(c: Context): Promise<unknown> {
  const type = c.req.header("content-type") ?? "";
  if (!JSON_TYPE.test(type)) return problem(415, "expected a JSON body with content-type application/json");
  const text = await c.req.text();
  try {
    return JSON.parse(text);
  } catch (error) {
    return problem(400, `the request body is not valid JSON: ${(error as Error).message}`);
  }
}
