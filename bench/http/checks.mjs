import { createHash, timingSafeEqual } from "node:crypto";

// The checks written by hand for the hand-written servers (Hono, node:http):
// what honest generates from the types, as a careful person writes it inline.

export const BODY_LIMIT = 1024 * 1024;

const I64_MIN = -(2n ** 63n);
const I64_MAX = 2n ** 63n - 1n;
const DECIMAL_INTEGER = /^-?\d+$/;

/** A path id as a bigint in the i64 range, or undefined (then 400). */
export function parseId(text) {
  if (!DECIMAL_INTEGER.test(text)) return undefined;
  const id = BigInt(text);
  return id >= I64_MIN && id <= I64_MAX ? id : undefined;
}

const DECIMAL_NUMBER = /^-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?$/;

/** A path number: decimal, finite; or undefined (then 400). */
export function parseNumber(text) {
  if (!DECIMAL_NUMBER.test(text)) return undefined;
  const value = Number(text);
  return Number.isFinite(value) ? value : undefined;
}

/** A path boolean: "true" or "false"; or undefined (then 400). */
export const parseBoolean = (text) => (text === "true" ? true : text === "false" ? false : undefined);

/** A whole number from `min` to `max` as a query value writes it (`20`, `2e1`, `20.0`), or undefined. */
function integerIn(text, min, max) {
  const value = parseNumber(text);
  return Number.isInteger(value) && value >= min && value <= max ? value : undefined;
}

/**
 * GET /items's query, Query<ItemFilter & OffsetPaging> in the example: limit an integer
 * from 1 to 100, offset an integer from 0 (0 when absent), tag any string;
 * undefined when one is not (then 400).
 */
export function itemFilter(limitText, offsetText, tag) {
  const limit = limitText === undefined ? undefined : integerIn(limitText, 1, 100);
  const offset = offsetText === undefined ? 0 : integerIn(offsetText, 0, Number.MAX_VALUE);
  if ((limitText !== undefined && limit === undefined) || offset === undefined) return undefined;
  return { tag, limit, offset };
}

/** application/json or application/*+json, parameters allowed. */
export function isJsonType(contentType) {
  if (contentType === "application/json") return true;
  if (typeof contentType !== "string") return false;
  const type = contentType.split(";", 1)[0].trim().toLowerCase();
  return type === "application/json" || (type.startsWith("application/") && type.endsWith("+json"));
}

const isObject = (value) => typeof value === "object" && value !== null && !Array.isArray(value);
const isNumber = (value) => typeof value === "number" && Number.isFinite(value);

function isStringArray(value) {
  if (!Array.isArray(value)) return false;
  for (const element of value) if (typeof element !== "string") return false;
  return true;
}

/** CreateDto {name, price, tags?, inStock?}: a copy without undeclared fields, or undefined. */
export function createDto(value) {
  if (!isObject(value) || typeof value.name !== "string" || !isNumber(value.price)) return undefined;
  const { tags, inStock } = value;
  if (tags !== undefined && !isStringArray(tags)) return undefined;
  if (inStock !== undefined && typeof inStock !== "boolean") return undefined;
  const dto = { name: value.name, price: value.price };
  if (tags !== undefined) dto.tags = tags;
  if (inStock !== undefined) dto.inStock = inStock;
  return dto;
}

/** UpdateDto: every field required. */
export function updateDto(value) {
  if (!isObject(value) || typeof value.name !== "string" || !isNumber(value.price)) return undefined;
  if (!isStringArray(value.tags) || typeof value.inStock !== "boolean") return undefined;
  return { name: value.name, price: value.price, tags: value.tags, inStock: value.inStock };
}

/** PatchDto: every field optional. */
export function patchDto(value) {
  if (!isObject(value)) return undefined;
  const { name, price, tags, inStock } = value;
  const dto = {};
  if (name !== undefined) {
    if (typeof name !== "string") return undefined;
    dto.name = name;
  }
  if (price !== undefined) {
    if (!isNumber(price)) return undefined;
    dto.price = price;
  }
  if (tags !== undefined) {
    if (!isStringArray(tags)) return undefined;
    dto.tags = tags;
  }
  if (inStock !== undefined) {
    if (typeof inStock !== "boolean") return undefined;
    dto.inStock = inStock;
  }
  return dto;
}

const BEARER_TOKEN = /^[A-Za-z0-9._~+/-]+=*$/;
const sha256 = (text) => createHash("sha256").update(text).digest();

/**
 * What hono/bearer-auth decides for an `Authorization` header against `token`,
 * for the servers that do not run it (node:http, Fastify): undefined to go on,
 * or the refusal's status and WWW-Authenticate header. Compared through
 * SHA-256 digests in constant time, as bearerAuth compares.
 */
export function bearerRefusal(header, token) {
  if (!header) return { status: 401, challenge: 'Bearer realm=""' };
  const value = header.slice(0, 7).toLowerCase() === "bearer " ? header.slice(7).trimStart() : undefined;
  if (!value || !BEARER_TOKEN.test(value)) return { status: 400, challenge: 'Bearer error="invalid_request"' };
  if (!timingSafeEqual(sha256(value), sha256(token))) return { status: 401, challenge: 'Bearer error="invalid_token"' };
  return undefined;
}
