import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { BodyBuffer, FREE_PIECES, MIN_AVERAGE_PIECE } from "../../runtime/body/body-buffer.js";
import type { BodyRoom } from "../../runtime/body/body-room.js";
import { refusal } from "../../runtime/errors/failed-check.js";

// The buffer a body's pieces are gathered in: the bytes come out exactly as
// they went in whatever the pieces, and it refuses a body past the limit or
// in too many tiny pieces, naming which. Under serve it takes room before it
// holds bytes, never more than twice what has come (docs/reference/limits.md,
// "Bodies held at once, and connections").

/** A room that records what is taken, and has `free` bytes. */
function room(free = Number.POSITIVE_INFINITY): BodyRoom & { taken: number } {
  return {
    taken: 0,
    take(bytes) {
      if (this.taken + bytes > free) return refusal("body-memory", 503, "no room");
      this.taken += bytes;
      return undefined;
    },
  };
}

function pieces(sizes: readonly number[]): Uint8Array[] {
  let next = 0;
  return sizes.map((size) => {
    const part = new Uint8Array(size);
    for (let i = 0; i < size; i++) part[i] = next++ % 251;
    return part;
  });
}

describe("BodyBuffer", () => {
  it("gives back exactly the bytes added, in order, whatever the pieces and the declared length", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 40_000 }), { maxLength: 12 }), fc.boolean(), (sizes, declare) => {
        const parts = pieces(sizes);
        const total = sizes.reduce((sum, size) => sum + size, 0);
        const buffer = new BodyBuffer(1 << 20, declare ? total : undefined);
        for (const part of parts) expect(buffer.add(part)).toBeUndefined();
        expect(Buffer.compare(buffer.bytes(), Buffer.concat(parts))).toBe(0);
      }),
    );
  });

  it("hands back a body that arrived in one piece without copying it", () => {
    const [only] = pieces([100]);
    const buffer = new BodyBuffer(1024);
    buffer.add(only!);
    expect(buffer.bytes()).toBe(only);
    expect(new BodyBuffer(1024).bytes()).toEqual(new Uint8Array(0));
  });

  it("refuses the piece that passes the limit with 413, and holds the limit exactly", () => {
    const buffer = new BodyBuffer(10);
    expect(buffer.add(new Uint8Array(6))).toBeUndefined();
    expect(buffer.add(new Uint8Array(4))).toBeUndefined();
    const refused = buffer.add(new Uint8Array(1));
    expect(refused?.status).toBe(413);
    expect(refused?.detail).toBe("the request body is larger than the limit of 10 bytes");
  });

  it(`takes ${FREE_PIECES} pieces of any size, then needs them to average ${MIN_AVERAGE_PIECE} bytes`, () => {
    const tiny = new BodyBuffer(1 << 20);
    for (let i = 0; i < FREE_PIECES; i++) expect(tiny.add(new Uint8Array(1))).toBeUndefined();
    const refused = tiny.add(new Uint8Array(1));
    expect(refused?.status).toBe(400);
    expect(refused?.detail).toBe(
      `the request body arrived in more than ${FREE_PIECES} pieces averaging under ${MIN_AVERAGE_PIECE} bytes; send it in larger chunks`,
    );

    const even = new BodyBuffer(1 << 20);
    for (let i = 0; i < 4 * FREE_PIECES; i++) expect(even.add(new Uint8Array(MIN_AVERAGE_PIECE))).toBeUndefined();
    expect(even.bytes().byteLength).toBe(4 * FREE_PIECES * MIN_AVERAGE_PIECE);
  });

  it("takes room before it holds bytes, never more than twice what has come or 1 KiB, whatever the body declares", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 40_000 }), { minLength: 1, maxLength: 12 }), fc.boolean(), (sizes, declare) => {
        const parts = pieces(sizes);
        const total = sizes.reduce((sum, size) => sum + size, 0);
        const taken = room();
        const buffer = new BodyBuffer(1 << 20, declare ? total : undefined, taken);
        let received = 0;
        for (const part of parts) {
          expect(buffer.add(part)).toBeUndefined();
          received += part.byteLength;
          expect(taken.taken).toBeGreaterThanOrEqual(received);
          expect(taken.taken).toBeLessThanOrEqual(Math.max(1024, 2 * received));
        }
        expect(Buffer.compare(buffer.bytes(), Buffer.concat(parts))).toBe(0);
        // A body that declared its length ends in a buffer of exactly that size.
        if (declare && parts.length > 1) expect(taken.taken).toBe(total);
      }),
    );
  });

  it("a declared megabyte of which a byte has come holds a byte; its second piece makes a buffer of 1 KiB", () => {
    const taken = room();
    const buffer = new BodyBuffer(1 << 20, 1 << 20, taken);
    expect(buffer.add(new Uint8Array(1))).toBeUndefined();
    expect(taken.taken).toBe(1);
    expect(buffer.add(new Uint8Array(1))).toBeUndefined();
    expect(taken.taken).toBe(1024);
  });

  it("refuses the piece there is no room for with the room's answer, holding nothing more", () => {
    const buffer = new BodyBuffer(1 << 20, undefined, room(2000));
    expect(buffer.add(new Uint8Array(600))).toBeUndefined();
    expect(buffer.add(new Uint8Array(600))).toBeUndefined(); // a buffer of 1 200 bytes
    const refused = buffer.add(new Uint8Array(100)); // it would grow to 2 400
    expect(refused?.status).toBe(503);
    expect(refused?.detail).toBe("no room");
    expect(buffer.bytes().byteLength).toBe(1200);
  });
});
