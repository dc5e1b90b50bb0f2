// How a request ended, as a per-request component's close(end) hears it
// (docs/guide/request-scope.md, "How a request ends"): answered (2xx or
// 3xx), refused (a 4xx: an HttpError, a failed check), failed (a 5xx: a
// fault, with the error), or gone (the client left before the answer, or
// during a stream).

/** What `close(end)` of a `@PerRequest()` component is told about how its request ended. */
export type RequestEnd =
  /** A 2xx or 3xx answer (for a socket, 101: the handler returned). */
  | { readonly outcome: "answered"; readonly status: number }
  /** A 4xx: an HttpError thrown, or one of honest's checks refused the request. */
  | { readonly outcome: "refused"; readonly status: number; readonly error?: unknown }
  /** A 5xx: a fault of the handler, a resolver or a close(), or the server cut a stream off as it shut down. */
  | { readonly outcome: "failed"; readonly status: number; readonly error?: unknown }
  /** The client went away before the answer was sent, or during a stream or a socket. */
  | { readonly outcome: "gone" };

/** The end of a request answered with `status`, `error` the value thrown when there was one. */
export function endOfAnswer(status: number, error?: unknown): RequestEnd {
  if (status >= 500) return error === undefined ? { outcome: "failed", status } : { outcome: "failed", status, error };
  if (status >= 400) return error === undefined ? { outcome: "refused", status } : { outcome: "refused", status, error };
  return { outcome: "answered", status };
}

export const GONE: RequestEnd = { outcome: "gone" };
