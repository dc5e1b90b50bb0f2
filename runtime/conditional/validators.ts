import { wholeSeconds } from "../common/http-dates.js";

// A route's validators (RFC 9110 §8.8): what a resolver gives for the
// resource a request names, so that honest can answer a conditional request
// before the handler runs (docs/guide/conditional-requests.md, "Conditional requests").
// Both are branded, so only etag() and lastModified() make one: an ETag is
// always quoted, a Last-Modified always whole seconds, as HTTP sends them.

declare const validatorBrand: unique symbol;

/**
 * An entity tag as the `ETag` header sends it, quotes included: `"3f9a"`, or `W/"3f9a"` when weak. Made by `etag()`.
 * @honest ETag
 */
export type ETag = string & { readonly [validatorBrand]: "ETag" };

/**
 * When the resource last changed, in whole seconds, as the `Last-Modified` header sends it. Made by `lastModified()`.
 * @honest LastModified
 */
export type LastModified = Date & { readonly [validatorBrand]: "LastModified" };

/** What a validator resolver may give: one validator, both, or (for a resource that does not exist) undefined. */
export type Validators = ETag | LastModified | { readonly etag?: ETag; readonly lastModified?: LastModified };

/** An entity tag's opaque part may hold any visible ASCII but `"` (RFC 9110 §8.8.3's etagc). */
const ETAG_CHARACTERS = /^[\x21\x23-\x7e]*$/;

/**
 * The entity tag of `value` (a version number, a hash, a revision id), quoted: `etag(7)` is `"7"`, `etag("a1",
 * { weak: true })` is `W/"a1"`. A weak tag says the representations are equivalent, not byte for byte the same: it
 * serves If-None-Match (304) but never If-Match, whose comparison is strong (RFC 9110 §8.8.3.2).
 */
export function etag(value: string | number | bigint, options?: { readonly weak?: boolean }): ETag {
  const opaque = String(value);
  if (!ETAG_CHARACTERS.test(opaque)) {
    throw new TypeError(`honest: an entity tag may hold visible ASCII characters other than '"' only; got ${JSON.stringify(opaque)}`);
  }
  return `${options?.weak ? "W/" : ""}"${opaque}"` as ETag;
}

/** `date` as a Last-Modified validator: to the whole second below, since HTTP dates have no fraction (RFC 9110 §5.6.7). */
export function lastModified(date: Date): LastModified {
  if (Number.isNaN(date.getTime())) throw new TypeError("honest: lastModified() was given an invalid Date");
  return wholeSeconds(date) as LastModified;
}

/** The validators a resolver gave, whatever its form; undefined for a resource that does not exist. */
export function validatorsOf(resolved: unknown): { readonly etag?: string; readonly lastModified?: Date } | undefined {
  if (resolved === undefined || resolved === null) return undefined;
  if (typeof resolved === "string") return { etag: resolved };
  if (resolved instanceof Date) return { lastModified: resolved };
  return resolved as { readonly etag?: string; readonly lastModified?: Date };
}
