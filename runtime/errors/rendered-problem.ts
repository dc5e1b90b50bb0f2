import type { FailedCheck } from "./failed-check.js";

// What createApp({ renderError }) is given for each error answer, a function
// or an entry of an error format alike (docs/guide/errors.md, "Errors in your own format").

/** One entry of a body's `errors`: where the fault is, what was expected, what came. */
export interface BodyFault {
  readonly path: string;
  readonly expected: string;
  readonly got: string;
}

/** An error answer honest is about to send, for createApp({ renderError }). */
export interface Problem {
  readonly status: number;
  /** The reason phrase of the status: `Bad Request`. */
  readonly title: string;
  readonly detail: string;
  /** The request's id, which the problem document carries as `requestId` (docs/guide/logs-and-traces.md, "Request ids"). */
  readonly requestId?: string;
  /** Which check refused the request. */
  readonly check: FailedCheck;
  /** A body of the wrong shape: one entry per fault. */
  readonly errors?: readonly BodyFault[];
  /** Members the document has beyond the standard ones (`errors` among them, or an HttpError's extensions). */
  readonly extensions: Readonly<Record<string, unknown>>;
}
