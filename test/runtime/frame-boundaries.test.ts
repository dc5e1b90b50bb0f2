import fc from "fast-check";
import { describe, expect, it } from "vitest";
import * as ws from "ws";
import { FrameBoundaries } from "../../runtime/node/frame-boundaries.js";

// Where a client's messages begin and end in the bytes it sends
// (docs/reference/limits.md, "WebSockets"): serve reserves the bytes of the
// message in progress in `maxBodyMemory`, so `held` must be exactly those
// bytes, whatever pieces TCP cuts them into: the data frames of the message
// so far, heads included, plus a control frame while it is in progress; 0
// once the final frame of the message has arrived. The frames are ws's own,
// as its client writes them (masked).

interface FrameOptions {
  readonly fin: boolean;
  readonly opcode: number;
  readonly mask: boolean;
}

/** ws's Sender.frame, which @types/ws does not declare. */
const Sender = (ws as unknown as { Sender: { frame(data: Buffer, options: FrameOptions & { readOnly: boolean }): Buffer[] } }).Sender;

const TEXT = 0x1;
const CONTINUATION = 0x0;
const CLOSE = 0x8;
const PING = 0x9;
const PONG = 0xa;

interface Frame {
  readonly bytes: Buffer;
  readonly fin: boolean;
  readonly control: boolean;
}

/** One frame as ws's client sends it: masked, its head in 2, 4 or 10 bytes before the mask. */
function frame(opcode: number, payloadLength: number, fin = true): Frame {
  const payload = Buffer.alloc(payloadLength, 0x61);
  const bytes = Buffer.concat(Sender.frame(payload, { fin, opcode, mask: true, readOnly: false }));
  return { bytes, fin, control: opcode >= 0x8 };
}

/** What `held` must be after the first `offset` bytes of `frames`, counted frame by frame. */
function heldAfter(frames: readonly Frame[], offset: number): number {
  let message = 0;
  let start = 0;
  for (const each of frames) {
    const end = start + each.bytes.length;
    if (offset < end) return message + (offset - start);
    if (!each.control) message = each.fin ? 0 : message + each.bytes.length;
    start = end;
  }
  return message;
}

/** Feeds `bytes` in pieces of the given sizes (the last piece takes the rest); `held` after each piece, and the piece ends. */
function feedInPieces(boundaries: FrameBoundaries, bytes: Buffer, sizes: readonly number[]): { held: number; end: number }[] {
  const seen: { held: number; end: number }[] = [];
  let at = 0;
  for (const size of sizes) {
    if (at >= bytes.length) break;
    const end = Math.min(bytes.length, at + size);
    boundaries.feed(bytes.subarray(at, end));
    seen.push({ held: boundaries.held, end });
    at = end;
  }
  if (at < bytes.length) {
    boundaries.feed(bytes.subarray(at));
    seen.push({ held: boundaries.held, end: bytes.length });
  }
  return seen;
}

describe("FrameBoundaries", () => {
  it("holds nothing once a whole one-frame message has arrived, and says it ended one", () => {
    const boundaries = new FrameBoundaries();
    expect(boundaries.feed(frame(TEXT, 10).bytes)).toBe(true);
    expect(boundaries.held).toBe(0);
  });

  it("holds each byte of a message as it arrives, one at a time, until its last", () => {
    const { bytes } = frame(TEXT, 300);
    const boundaries = new FrameBoundaries();
    for (let index = 0; index < bytes.length - 1; index++) {
      expect(boundaries.feed(bytes.subarray(index, index + 1))).toBe(false);
      expect(boundaries.held).toBe(index + 1);
    }
    expect(boundaries.feed(bytes.subarray(bytes.length - 1))).toBe(true);
    expect(boundaries.held).toBe(0);
  });

  it("reads a 16-bit and a 64-bit payload length, holding the frame's announced bytes until they have all arrived", () => {
    for (const length of [126, 65_535, 65_536, 100_000]) {
      const { bytes } = frame(TEXT, length);
      // 2 bytes of head, 2 or 8 of length, 4 of mask.
      expect(bytes.length).toBe(length + 2 + (length < 65_536 ? 2 : 8) + 4);
      const boundaries = new FrameBoundaries();
      expect(boundaries.feed(bytes.subarray(0, bytes.length - 1))).toBe(false);
      expect(boundaries.held).toBe(bytes.length - 1);
      expect(boundaries.feed(bytes.subarray(bytes.length - 1))).toBe(true);
      expect(boundaries.held).toBe(0);
    }
  });

  it("holds a fragmented message's frames until its final continuation, and a ping inside it only while the ping arrives", () => {
    const first = frame(TEXT, 200, false);
    const ping = frame(PING, 5);
    const last = frame(CONTINUATION, 70_000);
    const boundaries = new FrameBoundaries();
    expect(boundaries.feed(first.bytes)).toBe(false);
    expect(boundaries.held).toBe(first.bytes.length);
    boundaries.feed(ping.bytes.subarray(0, 3));
    expect(boundaries.held).toBe(first.bytes.length + 3);
    expect(boundaries.feed(ping.bytes.subarray(3))).toBe(true);
    expect(boundaries.held).toBe(first.bytes.length);
    expect(boundaries.feed(last.bytes.subarray(0, 1000))).toBe(false);
    expect(boundaries.held).toBe(first.bytes.length + 1000);
    expect(boundaries.feed(last.bytes.subarray(1000))).toBe(true);
    expect(boundaries.held).toBe(0);
  });

  it("counts an empty final frame and a close frame between messages as ending, holding nothing after", () => {
    const boundaries = new FrameBoundaries();
    expect(boundaries.feed(Buffer.concat([frame(TEXT, 50, false).bytes, frame(CONTINUATION, 0).bytes]))).toBe(true);
    expect(boundaries.held).toBe(0);
    expect(boundaries.feed(frame(CLOSE, 2).bytes)).toBe(true);
    expect(boundaries.held).toBe(0);
  });

  it("holds exactly the bytes of the message in progress after every piece, whatever the frames and the pieces", () => {
    const data = fc.record({ length: fc.oneof(fc.integer({ min: 0, max: 300 }), fc.integer({ min: 65_530, max: 65_540 })) });
    const control = fc.record({ opcode: fc.constantFrom(PING, PONG), length: fc.integer({ min: 0, max: 125 }) });
    const messages = fc.array(
      fc.record({ frames: fc.array(data, { minLength: 1, maxLength: 4 }), controls: fc.array(control, { maxLength: 2 }) }),
      {
        minLength: 1,
        maxLength: 4,
      },
    );
    fc.assert(
      fc.property(messages, fc.array(fc.integer({ min: 1, max: 70_000 }), { minLength: 1, maxLength: 40 }), (specs, sizes) => {
        // Each message: its data frames (the last one final), with control frames after its first frame.
        const frames: Frame[] = [];
        for (const spec of specs) {
          spec.frames.forEach((each, index) => {
            const final = index === spec.frames.length - 1;
            frames.push(frame(index === 0 ? TEXT : CONTINUATION, each.length, final));
            if (index === 0) for (const ping of spec.controls) frames.push(frame(ping.opcode, ping.length));
          });
        }
        const bytes = Buffer.concat(frames.map((each) => each.bytes));
        const seen = feedInPieces(new FrameBoundaries(), bytes, sizes);
        for (const { held, end } of seen) expect(held).toBe(heldAfter(frames, end));
        expect(seen.at(-1)!.held).toBe(0);
      }),
      { numRuns: 200 },
    );
  });
});
