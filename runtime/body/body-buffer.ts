import type { HttpError } from "../errors/http-error.js";
import type { BodyRoom } from "./body-room.js";
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
//
// The buffer never holds more than twice the bytes received (or
// MIN_CAPACITY): it is not made the size the body declares until half of
// that has come, so a client that declares a large body and sends a byte
// makes the server hold a byte, not the body. Under serve each growth takes
// its room first (docs/reference/limits.md, "Bodies held at once, and
// connections").

export { FREE_PIECES, MIN_AVERAGE_PIECE } from "./body-bounds.js";

/** The least a buffer is made, for a body in more than one piece. */
const MIN_CAPACITY = 1024;

export class BodyBuffer implements BodySink<Uint8Array> {
  readonly #limit: number;
  /** Bytes the body declared (content-length), when it did and they are within the limit. */
  readonly #declared: number | undefined;
  /** The only piece so far, kept as it came: most bodies arrive whole, and need no copy. */
  #first: Uint8Array | undefined;
  #buffer: Uint8Array | undefined;
  #size = 0;
  readonly #bounds: BodyBounds;
  /** Where room is taken before bytes are held, under serve. */
  readonly #room: BodyRoom | undefined;

  constructor(limit: number, declared?: number, room?: BodyRoom) {
    this.#limit = limit;
    this.#bounds = new BodyBounds(limit);
    this.#declared = declared !== undefined && declared <= limit ? declared : undefined;
    this.#room = room;
  }

  /** Adds the next piece, or returns why the body is refused (and keeps nothing more). */
  add(piece: Uint8Array): HttpError | undefined {
    const refused = this.#bounds.count(piece);
    if (refused !== undefined) return refused;
    const size = this.#size + piece.byteLength;
    if (this.#bounds.pieces === 1) {
      const full = this.#room?.take(piece.byteLength);
      if (full !== undefined) return full;
      this.#first = piece;
    } else {
      // What is held so far: the first piece, whose room passes to the buffer it is copied into, or the buffer.
      const held = this.#buffer?.byteLength ?? this.#size;
      if (this.#buffer === undefined || size > held) {
        const capacity = this.#capacityFor(size, held);
        const full = this.#room?.take(capacity - held);
        if (full !== undefined) return full;
        const grown = new Uint8Array(capacity);
        grown.set(this.#buffer === undefined ? this.#first! : this.#buffer.subarray(0, this.#size));
        this.#buffer = grown;
        this.#first = undefined;
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

  /**
   * Room for at least `size` bytes, when `held` are held: double that, never
   * past what the body declared (or the limit), so that the last growth makes
   * the buffer the body's size. Never more than twice `size` either, as
   * `held` is less.
   */
  #capacityFor(size: number, held: number): number {
    const ceiling = this.#declared !== undefined && size <= this.#declared ? this.#declared : this.#limit;
    return Math.min(ceiling, Math.max(MIN_CAPACITY, size, 2 * held));
  }
}
