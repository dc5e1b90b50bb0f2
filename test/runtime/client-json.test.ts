import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseAnswerJson } from "../../runtime/client/exact-json.js";
import { readArray, readBigInt, readBigIntOrNumber, readObject, readPlain, readRecord } from "../../runtime/client/read-values.js";

// docs/guide/openapi-and-clients.md, "A client generated with the app": a
// client reads an answer whose type holds an i64 exactly, by its own small
// parser, when JSON.parse would round one of its numbers.

describe("parseAnswerJson", () => {
  it("keeps integers of 16 digits or more exact, as bigints, and reads the rest as JSON.parse does", () => {
    expect(parseAnswerJson('{"id":9007199254740993,"n":-9223372036854775808,"small":42,"price":1.25}', true)).toEqual({
      id: 9007199254740993n,
      n: -9223372036854775808n,
      small: 42,
      price: 1.25,
    });
    // A fraction or an exponent is a number, whatever its digits.
    expect(parseAnswerJson("[1234567890123456.5, 1e400, 12345678901234567e2]", true)).toEqual([
      1234567890123456.5,
      Infinity,
      1234567890123456800,
    ]);
  });

  it("uses JSON.parse when not asked to be exact, or when no number may round", () => {
    expect(parseAnswerJson('{"id":9007199254740993}', false)).toEqual({ id: 9007199254740992 });
    expect(parseAnswerJson('{"id":900719925474099}', true)).toEqual({ id: 900719925474099 });
  });

  it("reads strings with escapes, keys such as __proto__ as own members, and white space anywhere", () => {
    const value = parseAnswerJson(
      ' { "a\\"b" : [ "\\u00e9\\n" , null , true , false ] , "__proto__" : 12345678901234567 } ',
      true,
    ) as Record<string, unknown>;
    expect(value['a"b']).toEqual(["é\n", null, true, false]);
    expect(Object.getOwnPropertyDescriptor(value, "__proto__")?.value).toBe(12345678901234567n);
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
  });

  it.each(["", "{", '{"a":1,}', "[1 2]", '{"a" 1}', "01234567890123456", "[1234567890123456] x", '"\\x"', "nul"])(
    "refuses %j as JSON.parse does, also beside a long integer (which the exact parser reads)",
    (text) => {
      const beside = `[1234567890123456,${text}]`;
      expect(() => JSON.parse(beside)).toThrow(SyntaxError);
      expect(() => parseAnswerJson(beside, true)).toThrow(SyntaxError);
    },
  );

  it("agrees with JSON.parse on any JSON, once its long integers are numbers again", () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }), (value, big) => {
        const text = JSON.stringify([value, `${big}`]).replace(/"(-?\d+)"\]$/, "$1]");
        expect(readPlain(parseAnswerJson(text, true))).toEqual(JSON.parse(text));
        expect((parseAnswerJson(text, true) as unknown[])[1]).toEqual(big.toString().replace("-", "").length > 15 ? big : Number(big));
      }),
    );
  });
});

describe("the readers", () => {
  it("make an i64 position a bigint, whichever way it was read, and leave other values", () => {
    expect([readBigInt(7), readBigInt(7n), readBigInt("7")]).toEqual([7n, 7n, "7"]);
    expect(readPlain({ a: [1n, { b: 12345678901234567n }], c: "x" })).toEqual({ a: [1, { b: 12345678901234568 }], c: "x" });
    expect(readArray([1, 2], readBigInt)).toEqual([1n, 2n]);
    expect(readRecord({ known: 1, other: 2 }, ["known"], readBigInt)).toEqual({ known: 1, other: 2n });
  });

  it("refuse a number at an i64 position that is not a 64-bit integer, naming its path as the checks do", () => {
    const refusal = (path: string, got: string) =>
      new TypeError(`the answer is not of its declared type: ${path}: expected 64-bit integer, got ${got}`);
    for (const [value, got] of [
      [1.5, "1.5"],
      [Infinity, "Infinity"],
      [2 ** 64, "18446744073709552000"],
      [2n ** 63n, "9223372036854775808"],
    ] as const) {
      expect(() => readBigInt(value)).toThrow(refusal("$", got));
    }
    const readItem = (item: unknown): unknown => readObject(item, { id: readBigInt, "odd key": readBigInt, parent: readItem });
    const answer = { items: [{ id: 1 }, { id: 2, parent: { id: 3, "odd key": Infinity } }] };
    expect(() => readObject(answer, { items: (items) => readArray(items, readItem) })).toThrow(
      refusal('$.items[1].parent["odd key"]', "Infinity"),
    );
    // A refusal leaves no reading half begun: the next answer is read from its top.
    expect(() => readArray([1, 1.5], readBigInt)).toThrow(refusal("$[1]", "1.5"));
    expect(readObject({ id: 1 }, { id: readBigInt })).toEqual({ id: 1n });
  });

  it("read an i64 | number position as a bigint when it is a 64-bit integer, else as the number it is", () => {
    const beyond = 12345678901234567890123n;
    expect([1.5, 7, 7n, 2 ** 64, beyond, "x"].map(readBigIntOrNumber)).toEqual([1.5, 7n, 7n, 2 ** 64, Number(beyond), "x"]);
  });
});
