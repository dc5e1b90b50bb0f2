import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { copyJson, i64Of, numberOf } from "../../runtime/json-checks.js";
import { JsonNumberText, parseJson } from "../../runtime/json-parse.js";

// Bodies whose type holds an i64 are parsed exactly where JSON.parse could
// round. Either way, what `number` and `unknown` values become must be what
// JSON.parse gives, and only integers written as digits become i64s.

describe("parseJson", () => {
  it("gives JSON.parse's values for any JSON text, once numbers are read as the types read them", () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const text = JSON.stringify(value);
        expect(copyJson(parseJson(text, true), 0)).toStrictEqual(copyJson(JSON.parse(text), 0));
      }),
      { numRuns: 500 },
    );
  });

  it("reads integers of 16 or more digits exactly, and keeps the text of fractions and exponents", () => {
    const parsed = parseJson("[9007199254740993, 12, 1.0, 1e3, -0.5]", true) as unknown[];
    expect(parsed[0]).toBe(9007199254740993n);
    expect(parsed[1]).toBe(12);
    expect(parsed.slice(2).map((value) => (value as JsonNumberText).text)).toEqual(["1.0", "1e3", "-0.5"]);
    expect(parsed.map(numberOf)).toEqual([9007199254740992, 12, 1, 1000, -0.5]);
    expect(parsed.map(i64Of)).toEqual([9007199254740993n, 12n, undefined, undefined, undefined]);
  });

  it("uses JSON.parse when the text holds no number it could round", () => {
    expect(parseJson('{"n":123456789012345,"s":"a"}', true)).toEqual({ n: 123456789012345, s: "a" });
  });

  it("counts nesting outside strings only, escaped quotes included", () => {
    const brackets = `"${"[".repeat(300)}\\"${"{".repeat(300)}"`;
    expect(parseJson(`{"a":1.5,"s":${brackets}}`, true)).toEqual({ a: expect.any(JsonNumberText), s: `${"[".repeat(300)}"${"{".repeat(300)}` });
    expect(() => parseJson(`{"a":1.5,"s":${"[".repeat(257)}${"]".repeat(257)}}`, true)).toThrow("nested more than 256 levels deep");
  });
});
