import type { HttpError } from "../errors/http-error.js";
import type { BodySink } from "./body-sink.js";
import { BodyBounds } from "./body-bounds.js";

// A request body's pieces, gathered into one buffer as they arrive. Keeping
// each piece as its own Buffer until the end costs an object per piece: a
// body under the limit sent chunked one byte per chunk is a million pieces,
// hundreds of MB for one request. Here a body holds at most one buffer that
// grows by doubling, and the number of pieces is bounded as well, because
// parsing each piece costs Node about 2 µs of CPU whatever is kept: beyond
// FREE_PIECES, the pieces must average MIN_AVERAGE_PIECE bytes or more, or
// the read stops with a 400 (docs/reference/limits.md, "Limits, timeouts and failures").

export { FREE_PIECES, MIN_AVERAGE_PIECE } from "./body-bounds.js";

const FIRST_CAPACITY = 16 * 1024;

export class BodyBuffer implements BodySink<Uint8Array> {
  readonly #limit: number;
  /** Bytes the body declared (content-length), when it did and they are within the limit. */
  readonly #declared: number | undefined;
  /** The only piece so far, kept as it came: most bodies arrive whole, and need no copy. */
  #first: Uint8Array | undefined;
  #buffer: Uint8Array | undefined;
  #size = 0;
  readonly #bounds: BodyBounds;

  constructor(limit: number, declared?: number) {
    this.#limit = limit;
    this.#bounds = new BodyBounds(limit);
    this.#declared = declared !== undefined && declared <= limit ? declared : undefined;
  }

  /** Adds the next piece, or returns why the body is refused (and keeps nothing more). */
  add(piece: Uint8Array): HttpError | undefined {
    const refused = this.#bounds.count(piece);
    if (refused !== undefined) return refused;
    const size = this.#size + piece.byteLength;
    if (this.#bounds.pieces === 1) {
      this.#first = piece;
    } else {
      if (this.#buffer === undefined) {
        this.#buffer = new Uint8Array(this.#capacityFor(size));
        this.#buffer.set(this.#first!);
        this.#first = undefined;
      } else if (size > this.#buffer.byteLength) {
        const grown = new Uint8Array(this.#capacityFor(size));
        grown.set(this.#buffer.subarray(0, this.#size));
        this.#buffer = grown;
      }
      this.#buffer.set(piece, this.#size);
    }
    this.#size = size;
    return undefined;
  }

  /** The whole body, once it has ended. */
  end(): Uint8Array {
    return this.bytes();
  }

  /** The body's bytes so far. */
  bytes(): Uint8Array {
    if (this.#buffer !== undefined) return this.#buffer.subarray(0, this.#size);
    return this.#first ?? new Uint8Array(0);
  }

  /** Room for at least `size` bytes: what the body declared, or double what is held, never past the limit. */
  #capacityFor(size: number): number {
    if (this.#declared !== undefined && size <= this.#declared) return this.#declared;
    const doubled = Math.max(FIRST_CAPACITY, (this.#buffer?.byteLength ?? 0) * 2);
    return Math.min(this.#limit, Math.max(size, doubled));
  }
}
