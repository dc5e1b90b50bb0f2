import { refusal } from "../errors/failed-check.js";

// Where each part's headers lie in a multipart body, so that they can be read
// from their bytes (part-headers.ts): @remix-run/multipart-parser keeps them
// private and offers only a lenient reading. The parser's framing is fixed:
// the body opens with `--boundary`; every boundary is followed by two bytes
// (`--` after the last one), then a part's headers up to the first CRLF CRLF,
// then its content, then CRLF `--boundary`. From the size of each part the
// parser yields, the next headers' place follows; the few bytes from there
// are held (a view of the piece, or a copy when they span pieces) until the
// headers end. Each computed place is checked against the delimiter the
// parser found, so a wrong count can never go unnoticed (LostTrack).
//
// Framing the parser lets pass and honest refuses (docs/guide/forms-and-uploads.md, "Forms and file
// uploads"): a boundary followed by anything but CRLF or `--`, and anything
// after the closing boundary but line breaks (the parser ignores what comes
// in the same piece, and refuses what comes in a later one, so a form's
// answer depended on how it was cut).

const CR = 0x0d;
const LF = 0x0a;
const DASH = 0x2d;
const EMPTY: Uint8Array = new Uint8Array(0);

/**
 * Bytes over the limit the parser is given for a part's headers: it counts
 * headers whose CRLF CRLF has not fully come against its limit, so headers
 * of exactly the limit were refused or not by where the body was cut. With
 * this slack it refuses only headers surely over the limit, and the limit
 * itself is checked here on the headers found.
 */
export const PARSER_HEADER_SLACK = 3;

/** The computed place of a part's headers disagrees with the parser: a fault of honest, never of the request. */
export class LostTrack extends Error {}

const utf8 = new TextDecoder("utf-8", { fatal: true });

export class PartFrames {
  /** CRLF `--boundary`, which ends every part's content. */
  readonly #delimiter: Uint8Array;
  /** Bytes a part's headers may have; more is a 400. */
  readonly #maxHeaderSize: number;
  /** Bytes held at most: the two after a boundary, headers of the parser's maximum size, CRLF CRLF. */
  readonly #window: number;
  /** The piece being read, and its offset in the body. */
  #piece = EMPTY;
  #offset = 0;
  /** The body's last bytes before the piece (fewer than the delimiter's), to check a delimiter split across pieces. */
  #before = EMPTY;
  /** Body offset of the two bytes after the latest boundary. */
  #start: number;
  /** The body's bytes from #start on, as many as have come, up to the headers' end. */
  #held = EMPTY;
  /** Where #held is copied to when it spans pieces; #window bytes, made on first need. */
  #copy: Uint8Array | undefined;
  /** Index in #held of the CRLF CRLF that ends the headers; -1 until it has come. */
  #end = -1;
  #parts = 0;
  /** The closing boundary has come; after it, only CRLFs. */
  #closed = false;
  #afterCR = false;

  constructor(boundary: string, maxHeaderSize: number) {
    this.#delimiter = Uint8Array.from(`\r\n--${boundary}`, (char) => char.charCodeAt(0));
    this.#start = 2 + boundary.length;
    this.#maxHeaderSize = maxHeaderSize;
    this.#window = 2 + maxHeaderSize + PARSER_HEADER_SLACK + 4;
  }

  /** Whether the closing boundary has come: later pieces are not the parser's. */
  get closed(): boolean {
    return this.#closed;
  }

  /** Takes the next piece, before the parser does. */
  see(piece: Uint8Array): void {
    this.#piece = piece;
    this.#hold();
  }

  /**
   * The headers of the part the parser has just yielded, whose content was
   * `size` bytes, as text; throws the refusal of a boundary line or headers
   * that are not UTF-8, and LostTrack if they are not where they must be.
   */
  headers(size: number): string {
    const part = ++this.#parts;
    if (this.#end === -1) throw new LostTrack(`part ${part}'s headers had not ended when the parser yielded it`);
    const held = this.#held;
    if (held[0] !== CR || held[1] !== LF) {
      throw malformed(
        `the boundary before part ${part} is followed by ${JSON.stringify(String.fromCharCode(held[0]!, held[1]!))}, not a line break`,
      );
    }
    let text: string;
    try {
      text = utf8.decode(held.subarray(2, this.#end));
    } catch {
      throw malformed(`part ${part}'s headers are not UTF-8`);
    }
    const next = this.#start + this.#end + 4 + size + this.#delimiter.length;
    this.#checkDelimiter(next, part);
    this.#start = next;
    this.#held = EMPTY;
    this.#end = -1;
    this.#hold();
    return text;
  }

  /** After the parser has read the piece: notes the closing boundary, and checks what follows it in the piece. */
  seen(): void {
    if (!this.#closed && this.#held.length >= 2 && this.#held[0] === DASH && this.#held[1] === DASH) {
      this.#closed = true;
      this.#epilogue(this.#piece.subarray(Math.max(0, this.#start + 2 - this.#offset)));
    }
    this.#next();
  }

  /** A piece after the closing boundary. */
  after(piece: Uint8Array): void {
    this.#epilogue(piece);
  }

  /** At the body's end: a lone CR after the closing boundary is refused. */
  finish(): void {
    if (this.#afterCR) throw malformed("something other than CRLF follows the closing boundary");
  }

  #next(): void {
    const keep = this.#delimiter.length - 1;
    const piece = this.#piece;
    if (piece.length >= keep) {
      this.#before = piece.subarray(piece.length - keep);
    } else {
      const joined = new Uint8Array(this.#before.length + piece.length);
      joined.set(this.#before);
      joined.set(piece, this.#before.length);
      this.#before = joined.subarray(Math.max(0, joined.length - keep));
    }
    this.#offset += piece.length;
    this.#piece = EMPTY;
  }

  #epilogue(bytes: Uint8Array): void {
    for (const byte of bytes) {
      if (byte !== (this.#afterCR ? LF : CR)) throw malformed("something other than CRLF follows the closing boundary");
      this.#afterCR = !this.#afterCR;
    }
  }

  /** The delimiter must end at body offset `next`, its last byte in this piece. */
  #checkDelimiter(next: number, part: number): void {
    const delimiter = this.#delimiter;
    const piece = this.#piece;
    for (let index = 0; index < delimiter.length; index++) {
      const at = next - delimiter.length + index - this.#offset;
      const byte = at >= 0 ? piece[at] : this.#before[this.#before.length + at];
      if (byte !== delimiter[index] || at >= piece.length) {
        throw new LostTrack(`part ${part} did not end with the boundary where its size said`);
      }
    }
  }

  /** Holds the piece's bytes from #start + what is held, until the headers' end has come or #window is full. */
  #hold(): void {
    if (this.#end !== -1) return;
    const piece = this.#piece;
    const held = this.#held;
    const from = this.#start + held.length - this.#offset;
    if (from >= piece.length) return;
    const more = piece.subarray(Math.max(0, from), Math.max(0, from) + this.#window - held.length);
    let end = -1;
    let taken: Uint8Array;
    if (byteAt(held, more, 0) === DASH && byteAt(held, more, 1) === DASH) {
      // The closing boundary: no headers follow, and seen() reads what does.
      taken = more.subarray(0, Math.max(0, 2 - held.length));
    } else {
      // The headers' end, searched from the headers' start (after the two bytes that follow the boundary), across the join.
      for (let at = Math.max(2, held.length - 3); at < held.length && end === -1; at++) {
        if (
          byteAt(held, more, at) === CR &&
          byteAt(held, more, at + 1) === LF &&
          byteAt(held, more, at + 2) === CR &&
          byteAt(held, more, at + 3) === LF
        )
          end = at;
      }
      if (end === -1) {
        const found = blankLine(more, Math.max(0, 2 - held.length));
        if (found !== -1) end = held.length + found;
      }
      if (end - 2 > this.#maxHeaderSize) throw headersTooLarge(this.#maxHeaderSize);
      taken = end === -1 ? more : more.subarray(0, end + 4 - held.length);
    }
    if (held.length === 0) {
      this.#held = taken;
    } else {
      this.#copy ??= new Uint8Array(this.#window);
      if (held.buffer !== this.#copy.buffer) this.#copy.set(held);
      this.#copy.set(taken, held.length);
      this.#held = this.#copy.subarray(0, held.length + taken.length);
    }
    this.#end = end;
  }
}

function byteAt(held: Uint8Array, more: Uint8Array, at: number): number | undefined {
  return at < held.length ? held[at] : more[at - held.length];
}

/** The index of the first CRLF CRLF in `bytes` from `from`, or -1. */
function blankLine(bytes: Uint8Array, from: number): number {
  for (let at = bytes.indexOf(CR, from); at !== -1 && at + 3 < bytes.length; at = bytes.indexOf(CR, at + 1)) {
    if (bytes[at + 1] === LF && bytes[at + 2] === CR && bytes[at + 3] === LF) return at;
  }
  return -1;
}

/** The refusal of a part's headers over the limit, whoever finds them so, this or the parser. */
export function headersTooLarge(maxHeaderSize: number) {
  return malformed(`a part's headers are over ${maxHeaderSize} bytes`);
}

function malformed(reason: string) {
  return refusal("body", 400, `the request body is not valid multipart/form-data: ${reason}`);
}
