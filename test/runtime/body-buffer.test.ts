import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { BodyBuffer, FREE_PIECES, MIN_AVERAGE_PIECE } from "../../runtime/body/body-buffer.js";

// The buffer a body's pieces are gathered in: the bytes come out exactly as
// they went in whatever the pieces, and it refuses a body past the limit or
// in too many tiny pieces, naming which.

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
});
