import { httpDate, wholeSeconds } from "../common/http-dates.js";
import { strongMatch } from "../conditional/entity-tags.js";

// What a download's `Range` header asks for (RFC 9110 §14.1.1, §14.2), read
// in one pass over the header's characters, with no regular expression and
// no number past 16 significant digits: whatever the header's shape, the work is bounded
// by its length (docs/guide/files.md, "Range requests"). One range is
// answered with its bytes (206); several ranges, an unknown unit or a header
// that is not a ranges-specifier are ignored, as RFC 9110 lets a server do,
// and the whole file is sent (200); a range that starts past the end is
// unsatisfiable (416).

/** The part of a file of `length` bytes a Range header asks for. */
export type RangeAsked =
  /** No Range to honour: send the whole file. */
  | { readonly kind: "whole" }
  /** Bytes `start` to `end`, both included. */
  | { readonly kind: "part"; readonly start: number; readonly end: number }
  /** One range, none of whose bytes the file has. */
  | { readonly kind: "unsatisfiable" };

const WHOLE: RangeAsked = { kind: "whole" };
const UNSATISFIABLE: RangeAsked = { kind: "unsatisfiable" };

/** Past this many digits a position is more than any length a file can have (2^53 has 16 digits). */
const MAX_DIGITS = 16;
const HUGE = Number.POSITIVE_INFINITY;

export function rangeAsked(header: string | undefined, length: number): RangeAsked {
  if (header === undefined || length === 0) return WHOLE;
  const text = header;
  let at = 0;
  /** The digits at `at`, as a number (HUGE past MAX_DIGITS, leading zeros aside), or undefined where there are none. */
  const digits = (): number | undefined => {
    const from = at;
    let value = 0;
    let significant = 0;
    while (at < text.length) {
      const code = text.charCodeAt(at);
      if (code < 48 || code > 57) break;
      if (significant > 0 || code !== 48) significant++;
      if (significant <= MAX_DIGITS) value = value * 10 + (code - 48);
      at++;
    }
    if (at === from) return undefined;
    return significant > MAX_DIGITS ? HUGE : value;
  };
  // The unit, "bytes" in any case, then "=".
  if (text.length < 6 || text.slice(0, 6).toLowerCase() !== "bytes=") return WHOLE;
  at = 6;
  // Empty list elements before the range are allowed (RFC 9110 §5.6.1.2).
  while (at < text.length && (text[at] === "," || text[at] === " " || text[at] === "\t")) at++;
  let asked: RangeAsked;
  if (text[at] === "-") {
    at++;
    const suffix = digits();
    if (suffix === undefined) return WHOLE;
    // The last `suffix` bytes; a suffix of 0 asks for no byte at all.
    asked = suffix === 0 ? UNSATISFIABLE : { kind: "part", start: suffix >= length ? 0 : length - suffix, end: length - 1 };
  } else {
    const first = digits();
    if (first === undefined || text[at] !== "-") return WHOLE;
    at++;
    const last = digits();
    if (last !== undefined && last < first) return WHOLE;
    asked = first >= length ? UNSATISFIABLE : { kind: "part", start: first, end: last === undefined || last >= length ? length - 1 : last };
  }
  // Only empty list elements may follow: a second range makes the whole header one the server ignores.
  while (at < text.length) {
    const char = text[at];
    if (char !== "," && char !== " " && char !== "\t") return WHOLE;
    at++;
  }
  return asked;
}

/**
 * Whether an `If-Range` header lets the Range through (RFC 9110 §13.1.5): an entity tag equal, by strong
 * comparison, to the file's strong ETag, or an HTTP-date equal to its Last-Modified. Anything else (a weak tag,
 * another tag or date, a file without that validator) means the file changed: the whole file is sent.
 */
export function rangeStillValid(ifRange: string | undefined, etag: string | undefined, lastModified: Date | undefined): boolean {
  if (ifRange === undefined) return true;
  const value = ifRange.trim();
  if (value.startsWith('"') || value.startsWith("W/")) return etag !== undefined && strongMatch(value, etag);
  return lastModified !== undefined && httpDate(value) === wholeSeconds(lastModified).getTime();
}
