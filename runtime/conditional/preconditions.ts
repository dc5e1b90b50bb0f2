import type { Context } from "hono";
import { httpDate, wholeSeconds } from "../common/http-dates.js";
import { StatusCode } from "../declarations/status-code.js";
import { refusal } from "../errors/failed-check.js";
import { listsTag } from "./entity-tags.js";
import { validatorsOf } from "./validators.js";

// A conditional request's preconditions, evaluated in RFC 9110 §13.2.2's
// order against the validators a route's resolver gave, right after the
// resolvers ran and before the body is read or the handler called
// (docs/guide/conditional-requests.md, "What honest answers"): a failed If-Match or
// If-Unmodified-Since is a 412 whatever the method; a matching If-None-Match
// is a 304 on GET and HEAD and a 412 otherwise; on GET and HEAD only, an
// If-Modified-Since the resource has not changed since is a 304.

interface Current {
  readonly etag?: string;
  readonly lastModified?: Date;
}

/** Whether the resource changed after `field`'s date; undefined when either date is missing (the condition is ignored). */
function modifiedSince(field: string | undefined, current: Current | undefined): boolean | undefined {
  const since = httpDate(field);
  const changed = current?.lastModified;
  if (since === undefined || changed === undefined) return undefined;
  return wholeSeconds(changed).getTime() > since;
}

function failed(header: string, detail: string): never {
  throw refusal("precondition", StatusCode.PRECONDITION_FAILED, `${header} ${detail}`);
}

/**
 * The 304 for a GET or HEAD whose copy is current (with the validators and Cache-Control a 200 would have sent),
 * or undefined to go on to the handler; throws the 412 for a precondition that fails.
 */
export function checkPreconditions(c: Context, resolved: unknown, cacheControl?: string): Response | undefined {
  const current = validatorsOf(resolved);
  const method = c.req.method;
  const safe = method === "GET" || method === "HEAD";
  const ifMatch = c.req.header("if-match");
  if (ifMatch !== undefined) {
    if (!listsTag(ifMatch, current?.etag, current !== undefined, false)) failed("If-Match", "lists no current entity tag of the resource");
  } else if (modifiedSince(c.req.header("if-unmodified-since"), current) === true) {
    failed("If-Unmodified-Since", "is earlier than the resource's last change");
  }
  const ifNoneMatch = c.req.header("if-none-match");
  if (ifNoneMatch !== undefined) {
    if (!listsTag(ifNoneMatch, current?.etag, current !== undefined, true)) return undefined;
    if (!safe) failed("If-None-Match", "lists a current entity tag of the resource");
  } else if (!safe || modifiedSince(c.req.header("if-modified-since"), current) !== false) {
    return undefined;
  }
  answerHeaders(c, current, cacheControl);
  return c.body(null, StatusCode.NOT_MODIFIED);
}

/**
 * The validators and Cache-Control on a successful answer: a GET's from the resolver that ran before the handler,
 * a write's from the resolver asked again after it, so that they describe the resource as the write left it.
 */
export function answerHeaders(c: Context, resolved: unknown, cacheControl?: string): void {
  const current = validatorsOf(resolved);
  if (current?.etag !== undefined) c.header("etag", current.etag);
  if (current?.lastModified !== undefined) c.header("last-modified", current.lastModified.toUTCString());
  if (cacheControl !== undefined) c.header("cache-control", cacheControl);
}
