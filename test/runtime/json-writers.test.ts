import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { writeBigInt, writeBoolean, writeJson, writeNumber, writeString } from "../../runtime/response/json-writers.js";

// The writers generated serializers call: each writes what JSON.stringify
// writes for its type, bigints exactly, and valid JSON whatever it is given.

describe("writeString", () => {
  it("writes any string as JSON.stringify does", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 80 }), (text) => {
        expect(writeString(text)).toBe(JSON.stringify(text));
      }),
      { numRuns: 2000 },
    );
    for (const text of ['"', "\\", "\n", "\u0000", "\u2028", "\ud800", "é", "a".repeat(65), `${"a".repeat(70)}"`]) {
      expect(writeString(text)).toBe(JSON.stringify(text));
    }
  });
});

describe("the other writers", () => {
  it("write numbers, bigints and booleans as JSON", () => {
    fc.assert(
      fc.property(fc.double(), (number) => {
        expect(writeNumber(number)).toBe(JSON.stringify(number));
      }),
    );
    for (const big of [0n, -1n, 9007199254740991n, 9007199254740992n, 9007199254740993n, -9223372036854775808n, 2n ** 70n]) {
      expect(writeBigInt(big)).toBe(big.toString());
    }
    expect([writeBoolean(true), writeBoolean(false)]).toEqual(["true", "false"]);
  });

  it("write valid JSON for a value that is not of their type", () => {
    for (const value of [undefined, null, 1n, "x", 2, {}, [undefined], Symbol("s"), () => 1]) {
      for (const write of [writeString, writeNumber, writeBigInt, writeBoolean, writeJson]) {
        expect(() => JSON.parse(write(value))).not.toThrow();
      }
    }
  });
});
