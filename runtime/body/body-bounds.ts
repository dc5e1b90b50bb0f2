import type { HttpError } from "../errors/http-error.js";
import { refusal } from "../errors/failed-check.js";

// The bounds every body is read within, whatever is done with its pieces
// (gathered by BodyBuffer, or parsed as they come by a form's multipart
// parser): at most `limit` bytes (413 as soon as they pass it), and, because
// parsing each piece costs Node about 2 µs of CPU whatever is kept, beyond
// FREE_PIECES pieces an average of MIN_AVERAGE_PIECE bytes each (400)
// (docs/reference/limits.md, "Limits, timeouts and failures").

/** Pieces any body may arrive in, however small. */
export const FREE_PIECES = 1024;
/** Bytes a piece must average once a body has arrived in more than FREE_PIECES pieces. */
export const MIN_AVERAGE_PIECE = 32;

export class BodyBounds {
  /** Bytes counted so far. */
  size = 0;
  /** Pieces counted so far. */
  pieces = 0;

  constructor(readonly limit: number) {}

  /** Counts the next piece, or returns why the body is refused. */
  count(piece: Uint8Array): HttpError | undefined {
    const size = this.size + piece.byteLength;
    if (size > this.limit) return refusal("body-size", 413, `the request body is larger than the limit of ${this.limit} bytes`);
    this.pieces++;
    if (this.pieces > FREE_PIECES && size < this.pieces * MIN_AVERAGE_PIECE) {
      return refusal(
        "body",
        400,
        `the request body arrived in more than ${FREE_PIECES} pieces averaging under ${MIN_AVERAGE_PIECE} bytes; send it in larger chunks`,
      );
    }
    this.size = size;
    return undefined;
  }
}
