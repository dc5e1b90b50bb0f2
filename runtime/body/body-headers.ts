import type { IncomingMessage } from "node:http";
import { refusal } from "../errors/failed-check.js";

// The headers that decide how a request body is read: its media type, its
// length, and the codings applied to it. A proxy in front and the app must
// read a body the same way, so where two readings are possible honest
// refuses rather than picks one (docs/reference/limits.md, "Limits, timeouts and failures"):
//
// - a header given twice is read as the Web's Headers read it, its values
//   joined by commas, never the first one alone (Node's `incoming.headers`
//   keeps only the first content-type); a content-type that holds a comma is
//   then two types, and is refused;
// - a content-encoding other than `identity` is refused with 415 (RFC 9110
//   §8.4): honest does not decode gzip or any other, and reading compressed
//   bytes as JSON would be a guess;
// - a transfer-encoding other than `chunked` alone is refused with 400:
//   Node's parser undoes only `chunked`, so `gzip, chunked` would hand over
//   compressed bytes. Node itself refuses a body with both content-length and
//   transfer-encoding, and two different content-lengths, before honest runs.

export interface BodyHeaders {
  readonly contentType: string | null;
  readonly contentLength: string | null;
  readonly contentEncoding: string | null;
  readonly transferEncoding: string | null;
}

/** The body's headers from Node's raw header list, each header's values joined as Headers.get joins them. */
export function nodeBodyHeaders(incoming: IncomingMessage): BodyHeaders {
  let contentType: string | null = null;
  let contentLength: string | null = null;
  let contentEncoding: string | null = null;
  let transferEncoding: string | null = null;
  const raw = incoming.rawHeaders;
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i]!;
    // Only names of these lengths can matter: 12, 14, 16 and 17 characters.
    if (name.length < 12 || name.length > 17) continue;
    const value = raw[i + 1]!.trim();
    switch (name.toLowerCase()) {
      case "content-type":
        contentType = joined(contentType, value);
        break;
      case "content-length":
        contentLength = joined(contentLength, value);
        break;
      case "content-encoding":
        contentEncoding = joined(contentEncoding, value);
        break;
      case "transfer-encoding":
        transferEncoding = joined(transferEncoding, value);
        break;
    }
  }
  return { contentType, contentLength, contentEncoding, transferEncoding };
}

export function webBodyHeaders(headers: Headers): BodyHeaders {
  return {
    contentType: headers.get("content-type"),
    contentLength: headers.get("content-length"),
    contentEncoding: headers.get("content-encoding"),
    transferEncoding: headers.get("transfer-encoding"),
  };
}

/**
 * The length the body declares, after refusing the codings honest cannot
 * undo: null when it declares none (chunked).
 */
export function declaredLength(headers: BodyHeaders): number | null {
  const { contentEncoding, transferEncoding, contentLength } = headers;
  if (contentEncoding !== null && contentEncoding.toLowerCase() !== "identity") {
    throw refusal(
      "content-type",
      415,
      `the request body has content-encoding ${JSON.stringify(contentEncoding)}, which honest does not decode; send it without one`,
    );
  }
  if (transferEncoding !== null && transferEncoding.toLowerCase() !== "chunked") {
    throw refusal("body", 400, `the request body has transfer-encoding ${JSON.stringify(transferEncoding)}; only "chunked" is read`);
  }
  if (contentLength === null) return null;
  if (!/^\d+$/.test(contentLength))
    throw refusal("body", 400, `the request's content-length is not one whole number: ${JSON.stringify(contentLength)}`);
  return Number(contentLength);
}

/**
 * Why a body of this content type is not read as JSON, or undefined when it
 * is: `application/json` or any `application/*+json`, compared
 * case-insensitively, whitespace around the media type ignored, and a
 * `charset` parameter, if any, saying UTF-8 (JSON's only encoding, RFC 8259).
 * The body is then always parsed as JSON and checked against its type:
 * there is no other reading of the header that could skip the check.
 */
export function jsonContentTypeProblem(contentType: string | null): string | undefined {
  if (contentType === "application/json") return undefined;
  const expected = "expected a JSON body with content-type application/json";
  if (contentType === null) return `${expected}; got no content-type`;
  if (contentType.includes(",")) return `${expected}; got more than one content-type: ${JSON.stringify(contentType)}`;
  const [mediaType = "", ...parameters] = contentType.split(";");
  const type = mediaType.trim().toLowerCase();
  if (type !== "application/json" && !(type.startsWith("application/") && type.endsWith("+json"))) {
    return `${expected}; got ${JSON.stringify(contentType)}`;
  }
  for (const parameter of parameters) {
    const equals = parameter.indexOf("=");
    if (parameter.slice(0, equals).trim().toLowerCase() !== "charset") continue;
    const charset = parameter
      .slice(equals + 1)
      .trim()
      .replace(/^"(.*)"$/, "$1")
      .toLowerCase();
    if (charset !== "utf-8" && charset !== "utf8") return `a JSON body must be UTF-8; got content-type ${JSON.stringify(contentType)}`;
  }
  return undefined;
}

function joined(earlier: string | null, value: string): string {
  return earlier === null ? value : `${earlier}, ${value}`;
}
