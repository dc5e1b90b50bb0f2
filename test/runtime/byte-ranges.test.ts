import { describe, expect, it } from "vitest";
import { rangeAsked, rangeStillValid } from "../../runtime/response/byte-ranges.js";
import { contentDisposition } from "../../runtime/response/content-disposition.js";

// docs/guide/files.md, "Range requests": what a Range header asks of a file,
// read against RFC 9110 §14.1.1's grammar written out as a reference below,
// over every header of a small alphabet up to 7 characters; the time a
// header costs, whatever its shape, bounded by its length; If-Range's strong
// comparison; and Content-Disposition's names (docs/guide/files.md, "Names").

/** RFC 9110's ranges-specifier, one range, read the plain way: the answer honest must give. */
function reference(header: string, length: number): ReturnType<typeof rangeAsked> {
  if (length === 0) return { kind: "whole" };
  const match = /^bytes=([ \t,]*)(\d*)-(\d*)([ \t,]*)$/i.exec(header);
  if (!match) return { kind: "whole" };
  const [, , first, last] = match;
  if (first === "" && last === "") return { kind: "whole" };
  if (first === "") {
    const suffix = Number(last);
    return suffix === 0 ? { kind: "unsatisfiable" } : { kind: "part", start: Math.max(0, length - suffix), end: length - 1 };
  }
  const start = Number(first);
  if (last !== "" && Number(last) < start) return { kind: "whole" };
  if (start >= length) return { kind: "unsatisfiable" };
  return { kind: "part", start, end: last === "" ? length - 1 : Math.min(Number(last), length - 1) };
}

function* headers(alphabet: string, size: number, prefix = "bytes="): Generator<string> {
  yield prefix;
  if (size === 0) return;
  for (const header of headers(alphabet, size - 1, prefix)) for (const char of alphabet) yield header + char;
}

describe("rangeAsked", () => {
  it("agrees with RFC 9110's grammar on every header of 0-9, '-', ',', ' ' and 'x' up to 5 characters after bytes=", () => {
    let compared = 0;
    for (const header of new Set(headers("0129-, x", 5))) {
      for (const length of [0, 1, 10, 26]) {
        expect([header, length, rangeAsked(header, length)]).toEqual([header, length, reference(header, length)]);
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(100_000);
  });

  it.each([
    ["a megabyte of digits", `bytes=${"9".repeat(1 << 20)}-`],
    ["a megabyte of leading zeros", `bytes=${"0".repeat(1 << 20)}1-2`],
    ["a megabyte of commas", `bytes=${",".repeat(1 << 20)}`],
    ["a megabyte of ranges", `bytes=${"0-1,".repeat(1 << 18)}`],
    ["a megabyte of dashes", `bytes=0${"-".repeat(1 << 20)}`],
  ])("reads %s in time bounded by its length", (_shape, header) => {
    const started = performance.now();
    rangeAsked(header, 26);
    expect(performance.now() - started).toBeLessThan(200);
  });

  it("counts a position of more than 16 significant digits as past any file's end", () => {
    expect(rangeAsked(`bytes=${"9".repeat(17)}-`, Number.MAX_SAFE_INTEGER)).toEqual({ kind: "unsatisfiable" });
    expect(rangeAsked(`bytes=0-${"9".repeat(40)}`, 26)).toEqual({ kind: "part", start: 0, end: 25 });
    expect(rangeAsked(`bytes=-${"9".repeat(40)}`, 26)).toEqual({ kind: "part", start: 0, end: 25 });
  });
});

describe("rangeStillValid", () => {
  const modified = new Date("2026-01-02T03:04:05.678Z");
  it.each([
    [undefined, true],
    ['"v1"', true],
    [' "v1" ', true],
    ['W/"v1"', false],
    ['"v2"', false],
    ["Fri, 02 Jan 2026 03:04:05 GMT", true],
    ["Fri, 02 Jan 2026 03:04:06 GMT", false],
    ["yesterday", false],
  ])('If-Range %s against ETag "v1" and its Last-Modified: %s', (ifRange, valid) => {
    expect(rangeStillValid(ifRange, '"v1"', modified)).toBe(valid);
  });

  it("a weak ETag never lets a Range through, nor a date where there is no Last-Modified", () => {
    expect(rangeStillValid('W/"v1"', 'W/"v1"', undefined)).toBe(false);
    expect(rangeStillValid('"v1"', undefined, modified)).toBe(false);
    expect(rangeStillValid("Fri, 02 Jan 2026 03:04:05 GMT", '"v1"', undefined)).toBe(false);
  });
});

describe("contentDisposition", () => {
  it.each([
    ["report.pdf", false, 'attachment; filename="report.pdf"'],
    ['say "hi" \\ there.txt', false, 'attachment; filename="say \\"hi\\" \\\\ there.txt"'],
    ["résumé.pdf", true, "inline; filename=\"r_sum_.pdf\"; filename*=UTF-8''r%C3%A9sum%C3%A9.pdf"],
    ["line\r\nbreak.txt", false, 'attachment; filename="line__break.txt"'],
    ["🙂.png", false, "attachment; filename=\"__.png\"; filename*=UTF-8''%F0%9F%99%82.png"],
  ])("%j (inline: %s) is %s", (name, inline, header) => {
    expect(contentDisposition(name, inline)).toBe(header);
    // Every value is one a Headers object takes.
    expect(new Headers({ "content-disposition": header }).get("content-disposition")).toBe(header);
  });

  it("without a name: inline alone, or nothing", () => {
    expect([contentDisposition(undefined, true), contentDisposition(undefined, false)]).toEqual(["inline", undefined]);
  });
});
