// Where a client's WebSocket messages begin and end in the bytes it sends
// (RFC 6455 section 5.2), read from each frame's head without copying a
// payload: how many bytes belong to a message not yet whole. ws reads the
// same bytes to deliver the messages; this only counts them, so that serve
// can hold a message in progress to the bodies' limits (socket-frames.ts).

/** The first two bytes of a frame's head. */
const HEAD = 0;
/** The extended payload length (2 or 8 bytes) and the mask (4). */
const EXTENDED = 1;
/** The payload. */
const PAYLOAD = 2;

export class FrameBoundaries {
  /** Bytes of the message in progress (its data frames so far) and of a control frame in progress. */
  held = 0;
  #stage: number = HEAD;
  /** Bytes still to come of the current stage. */
  #needed = 2;
  #head: number[] = [];
  #final = false;
  #control = false;
  /** Bytes of the control frame in progress, given back when it ends: a ping inside a message is not part of it. */
  #controlBytes = 0;

  /** Counts a piece; true when it ended at least one message (or control frame), so what is held went down. */
  feed(piece: Uint8Array): boolean {
    let ended = false;
    let at = 0;
    while (at < piece.length) {
      if (this.#stage === PAYLOAD) {
        const taken = Math.min(this.#needed, piece.length - at);
        this.#count(taken);
        at += taken;
        this.#needed -= taken;
        if (this.#needed === 0) ended = this.#frameEnded() || ended;
        continue;
      }
      this.#head.push(piece[at]!);
      this.#count(1);
      at++;
      if (--this.#needed > 0) continue;
      if (this.#stage === HEAD) this.#readHead();
      else this.#readExtended();
      if (this.#stage === PAYLOAD && this.#needed === 0) ended = this.#frameEnded() || ended;
    }
    return ended;
  }

  #count(bytes: number): void {
    this.held += bytes;
    if (this.#control) this.#controlBytes += bytes;
  }

  #readHead(): void {
    const [first, second] = this.#head as [number, number];
    this.#final = (first & 0x80) !== 0;
    // Opcodes from 8 up are control frames: a close, a ping, a pong.
    this.#control = (first & 0x08) !== 0;
    if (this.#control) this.#controlBytes = 2;
    const length = second & 0x7f;
    const masked = (second & 0x80) !== 0;
    const extended = (length === 126 ? 2 : length === 127 ? 8 : 0) + (masked ? 4 : 0);
    if (extended > 0) {
      this.#stage = EXTENDED;
      this.#needed = extended;
    } else {
      this.#stage = PAYLOAD;
      this.#needed = length;
    }
  }

  #readExtended(): void {
    const second = this.#head[1]!;
    const length = second & 0x7f;
    let payload = length;
    if (length === 126) payload = this.#head[2]! * 256 + this.#head[3]!;
    else if (length === 127) {
      // Past 2^53 no message gets through ws's limit anyway.
      payload = 0;
      for (let index = 2; index < 10; index++) payload = payload * 256 + this.#head[index]!;
    }
    this.#stage = PAYLOAD;
    this.#needed = payload;
  }

  /** A frame is whole: a control frame gives its bytes back, a final data frame its whole message's. */
  #frameEnded(): boolean {
    this.#stage = HEAD;
    this.#needed = 2;
    this.#head = [];
    if (this.#control) {
      this.held -= this.#controlBytes;
      this.#controlBytes = 0;
      this.#control = false;
      return true;
    }
    if (!this.#final) return false;
    this.held = 0;
    return true;
  }
}
