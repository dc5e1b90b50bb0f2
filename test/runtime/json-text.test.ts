import { describe, expect, it } from "vitest";
import { jsonText } from "../../runtime/response/json-text.js";

describe("jsonText", () => {
  it("writes bigints as exact JSON integers", () => {
    expect(jsonText({ n: 9007199254740993n })).toBe('{"n":9007199254740993}');
    expect(jsonText([-9223372036854775808n, 9223372036854775807n])).toBe("[-9223372036854775808,9223372036854775807]");
  });

  it.each<[string, unknown]>([
    ["strings with escapes", { s: 'a"b\\c\n\u0000\u2028' }],
    ["nested arrays and objects", { a: [1, [2, { b: null }]], c: { d: true } }],
    ["undefined, functions and symbols", { u: undefined, f: () => 1, s: Symbol("x"), keep: 1 }],
    // biome-ignore lint/suspicious/noSparseArray: the hole is what this case checks
    ["array holes and undefined entries", [1, undefined, () => 1, , 5]],
    ["non-finite numbers", [NaN, Infinity, -Infinity, -0]],
    ["dates through toJSON", { at: new Date(0) }],
    ["boxed primitives", [Object(1), Object("s"), Object(false)]],
    ["top-level primitives", "text"],
    ["an empty object", {}],
  ])("agrees with JSON.stringify on %s", (_name, value) => {
    expect(jsonText(value)).toBe(JSON.stringify(value));
  });

  it("passes the key to toJSON as JSON.stringify does", () => {
    const value = { a: { toJSON: (key: string) => `key:${key}` }, list: [{ toJSON: (key: string) => key }] };
    expect(jsonText(value)).toBe(JSON.stringify(value));
  });

  it("gives undefined for values JSON cannot represent at the top level", () => {
    expect(jsonText(undefined)).toBeUndefined();
    expect(jsonText(() => 1)).toBeUndefined();
  });
});
