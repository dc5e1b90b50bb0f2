import type { HttpError } from "../errors/http-error.js";

// Where a body's pieces go as they arrive: a BodyBuffer gathers a JSON or
// urlencoded body, a form's multipart parser parses one as it comes. Either
// may refuse a piece, and the read stops there (docs/reference/limits.md, "Limits, timeouts
// and failures").

export interface BodySink<T> {
  /** Takes the next piece, or returns why the body is refused. */
  add(piece: Uint8Array): HttpError | undefined;
  /** What the whole body gave; may throw an HttpError when the body ended too soon to be whole. */
  end(): T;
}
