import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { copyJson, i64Of, numberOf } from "../../runtime/body/json-checks.js";
import { integerOfText, JsonNumberText, mayRound, parseJson, parseJsonExactly } from "../../runtime/body/json-parse.js";

// Bodies whose type holds an i64 are read exactly where JSON.parse could
// round. Either way, what `number` and `unknown` values become must be what
// JSON.parse gives, and an i64 takes a number only if its exact value is an
// integer in range.

describe("parseJsonExactly", () => {
  it("gives JSON.parse's values for any JSON text, once numbers are read as the types read them", () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const text = JSON.stringify(value);
        expect(copyJson(parseJsonExactly(text), 0)).toStrictEqual(copyJson(parseJson(text), 0));
      }),
      { numRuns: 500 },
    );
  });

  it("reads integers of 16 or more digits exactly, and keeps the text of fractions and exponents", () => {
    const parsed = parseJsonExactly("[9007199254740993, 12, 1.0, 1e3, -0.5, 1e400]") as unknown[];
    expect(parsed[0]).toBe(9007199254740993n);
    expect(parsed[1]).toBe(12);
    expect(parsed.slice(2).map((value) => (value as JsonNumberText).text)).toEqual(["1.0", "1e3", "-0.5", "1e400"]);
    expect(parsed.map(numberOf)).toEqual([9007199254740992, 12, 1, 1000, -0.5, undefined]);
    expect(parsed.map(i64Of)).toEqual([9007199254740993n, 12n, 1n, 1000n, undefined, undefined]);
  });

  it("counts nesting outside strings only, escaped quotes included", () => {
    const brackets = `"${"[".repeat(300)}\\"${"{".repeat(300)}"`;
    expect(parseJsonExactly(`{"a":1.5,"s":${brackets}}`)).toEqual({
      a: expect.any(JsonNumberText),
      s: `${"[".repeat(300)}"${"{".repeat(300)}`,
    });
    expect(() => parseJsonExactly(`{"a":1.5,"s":${"[".repeat(257)}${"]".repeat(257)}}`)).toThrow("nested more than 256 levels deep");
  });
});

describe("mayRound", () => {
  it("is true for every number of 16 or more significant digits", () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (number) => {
        const text = JSON.stringify(number);
        const significant = text
          .replace(/^-/, "")
          .replace(/[eE].*$/, "")
          .replace(".", "")
          .replace(/^0+/, "");
        if (significant.length >= 16) expect(mayRound(text)).toBe(true);
      }),
    );
    expect(mayRound('{"n":100000.000000000001}')).toBe(true);
    expect(mayRound('{"n":123456789012345,"price":9.99,"at":"2026-11-22T10:00:00.000Z"}')).toBe(false);
  });
});

describe("integerOfText", () => {
  it.each([
    ["0", 0n],
    ["-0.0", 0n],
    ["1.0", 1n],
    ["1e3", 1000n],
    ["1.50e1", 15n],
    ["9.223372036854775807e18", 9223372036854775807n],
    ["-92233720368547758.08e2", -9223372036854775808n],
    ["12300e-2", 123n],
  ])("%s is %s", (text, value) => {
    expect(integerOfText(text)).toBe(value);
  });

  it.each(["1.5", "1e-3", "1.0000000000000001", "1e20", "1e999999999", "12345678901234567890"])("%s is not a 64-bit integer", (text) => {
    expect(integerOfText(text)).toBeUndefined();
  });
});
