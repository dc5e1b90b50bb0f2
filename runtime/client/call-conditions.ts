import type { Answer } from "./answers.js";

// What a generated client sends and reads for a route with validators (docs/guide/conditional-requests.md, "In the
// document and the client"): the call options as If-* headers, and the ETag and Last-Modified of its answers.

/**
 * A GET's revalidation, for a route with validators (docs/guide/conditional-requests.md, "In the document and the
 * client"): the answer is `{ ok: true, status: 304, notModified: true }` when the copy named is current.
 */
export interface ReadConditions {
  /** The `etag` of the copy the client holds, sent as If-None-Match. */
  readonly ifNoneMatch?: string;
  /** The `lastModified` of the copy the client holds, sent as If-Modified-Since. */
  readonly ifModifiedSince?: Date;
}

/** A write's preconditions, for a route with validators: a 412 problem, nothing changed, unless the copy named is current. */
export interface WriteConditions {
  /** The `etag` of the copy the write was made from, sent as If-Match. */
  readonly ifMatch?: string;
  /** The `lastModified` of the copy the write was made from, sent as If-Unmodified-Since. */
  readonly ifUnmodifiedSince?: Date;
}

/** The conditions given (`ifNoneMatch`, ...), each as its header (`if-None-Match`: names have no case), a Date as an HTTP-date. */
export function setConditions(headers: Headers, options: ReadConditions & WriteConditions): void {
  for (const [name, value] of Object.entries(options)) {
    if (/^if[A-Z]/.test(name) && value !== undefined)
      headers.set(name.replace(/[A-Z]/g, "-$&"), value instanceof Date ? value.toUTCString() : value);
  }
}

/** A successful answer with the validators its headers carry, `notModified` for a 304; an error answer as it is. */
export function withValidators<A extends Answer<{ status: number; data: unknown }, unknown>>(answer: A): A {
  if (!answer.ok) return answer;
  const headers = answer.response.headers;
  const etag = headers.get("etag");
  const modified = headers.get("last-modified");
  return { ...answer, notModified: answer.status === 304, ...(etag && { etag }), ...(modified && { lastModified: new Date(modified) }) };
}
