import type { Context } from "hono";
import { StatusCode } from "../declarations/status-code.js";
import type { JsonWriter } from "../response/responses.js";
import { listsTag } from "./entity-tags.js";

// `@BodyETag()` (docs/guide/conditional-requests.md, "From the answer: @BodyETag"): a strong entity tag made
// from the JSON text honest writes, so a GET's client can revalidate what it
// holds. The handler has run by then: a 304 saves the bytes, not the work,
// which a validator resolver saves too.

/** 64 bits of the text, two 32-bit multiply-xorshift lanes (not a cryptographic hash: an ETag only tells copies apart). */
function textHash(text: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ code, 2654435761);
    h2 = Math.imul(h2 ^ code, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (h2 >>> 0).toString(16).padStart(8, "0") + (h1 >>> 0).toString(16).padStart(8, "0");
}

/** The JSON answer with its entity tag, or a 304 when If-None-Match lists that tag (compared weakly, RFC 9110 §13.1.2). */
export function sendTaggedJson(c: Context, result: unknown, write: JsonWriter, status?: number): Response {
  const text = write(result);
  const tag = `"${textHash(text)}"`;
  c.header("etag", tag);
  const ifNoneMatch = c.req.header("if-none-match");
  if (ifNoneMatch !== undefined && listsTag(ifNoneMatch, tag, true, true)) return c.body(null, StatusCode.NOT_MODIFIED);
  return c.body(text, status as 200 | undefined, { "content-type": "application/json" });
}
