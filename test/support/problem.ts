import { expect } from "vitest";

// honest answers a refused request with a problem document (RFC 9457), `type` always "about:blank"
// (docs/guide/errors.md, "Errors"), and the request's id after `detail` (docs/guide/logs-and-traces.md,
// "Request ids"), which test/compiler/request-ids.test.ts checks to the character. Tests spell out the
// title they expect beside the status, so that a wrong reason phrase fails them.

/** The problem document honest sends for `status`, with `more` members such as a 400's `errors`. */
export function problem(status: number, title: string, detail: string, more: Readonly<Record<string, unknown>> = {}) {
  return { type: "about:blank", title, status, detail, requestId: expect.any(String), ...more };
}

/**
 * The problem document of an answer written before there is a request to give an id to (a connection past
 * serve's limit, a request Node's parser refused or timed out): no `requestId`.
 */
export function problemWithoutId(status: number, title: string, detail: string) {
  return { type: "about:blank", title, status, detail };
}

/** A 400 as the tests' request helpers return it (status and parsed body): `detail` and each fault, in order. */
export function badRequestListing(detail: string, errors: readonly { path: string; expected: string; got: string }[]) {
  return { status: 400, body: problem(400, "Bad Request", detail, { errors }) };
}
