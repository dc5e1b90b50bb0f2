import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { codePointLength, isMultipleOf } from "../../runtime/body/constraint-checks.js";
import { dateTimeOf, isDate, isDateTime, isEmail, isUri, isUuid } from "../../runtime/body/formats.js";

// docs/guide/constraints.md, "Constraints": each format against valid and invalid examples
// from its standard, and the helpers against simple references.

describe("RFC 3339 date-time", () => {
  it.each([
    "1985-04-12T23:20:50.52Z", // RFC 3339 section 5.8
    "1996-12-19T16:39:57-08:00",
    "1990-12-31T23:59:60Z",
    "1990-12-31T15:59:60-08:00",
    "1937-01-01T12:00:27.87+00:20",
    "2024-02-29T00:00:00z",
    "2024-02-29t00:00:00.123456789+14:00",
    "0000-01-01T00:00:00Z",
  ])("accepts %s", (text) => expect(isDateTime(text)).toBe(true));
  it.each([
    "2023-02-29T00:00:00Z", // not a leap year
    "1900-02-29T00:00:00Z", // divisible by 100, not by 400
    "2024-04-31T00:00:00Z",
    "2024-13-01T00:00:00Z",
    "2024-00-10T00:00:00Z",
    "2024-01-01T24:00:00Z", // RFC 3339 has no 24:00
    "2024-01-01T23:60:00Z",
    "2024-01-01T12:00:60Z", // a leap second only at 23:59 UTC
    "2024-01-01T23:59:61Z",
    "2024-01-01T00:00:00", // an offset is required
    "2024-01-01 00:00:00Z",
    "2024-01-01T00:00Z",
    "2024-01-01T00:00:00.Z",
    "2024-01-01T00:00:00+0100",
    "2024-01-01T00:00:00+24:00",
    "2024-01-01",
    "２０２４-01-01T00:00:00Z",
  ])("refuses %s", (text) => expect(isDateTime(text)).toBe(false));
});

describe('a Date read from an RFC 3339 date-time (docs/guide/json-bodies-and-responses.md, "Dates")', () => {
  it("names the instant the text names, offsets applied, a fraction cut to milliseconds", () => {
    expect(dateTimeOf("1996-12-19T16:39:57-08:00")?.toISOString()).toBe("1996-12-20T00:39:57.000Z");
    expect(dateTimeOf("1937-01-01T12:00:27.87+00:20")?.toISOString()).toBe("1937-01-01T11:40:27.870Z");
    expect(dateTimeOf("2024-02-29t00:00:00.123456789+14:00")?.toISOString()).toBe("2024-02-28T10:00:00.123Z");
    expect(dateTimeOf("0000-01-01T00:00:00Z")?.toISOString()).toBe("0000-01-01T00:00:00.000Z");
    expect(dateTimeOf("0099-12-31T23:59:59.999Z")?.toISOString()).toBe("0099-12-31T23:59:59.999Z");
    // A Date has no leap seconds: 23:59:60 is the instant after 23:59:59.999.
    expect(dateTimeOf("1990-12-31T15:59:60-08:00")?.toISOString()).toBe("1991-01-01T00:00:00.000Z");
  });

  it("reads what isDateTime accepts, and nothing else", () => {
    for (const text of ["2023-02-29T00:00:00Z", "2024-01-01", "2024-01-01T00:00:00", "Mon, 01 Jan 2024 00:00:00 GMT", ""]) {
      expect(dateTimeOf(text)).toBeUndefined();
    }
    for (const value of [0, 1_700_000_000_000, null, undefined, new Date(0)]) expect(dateTimeOf(value)).toBeUndefined();
    // Texts shaped as date-times, most of them no date-time: days and hours out of range, a leap second anywhere.
    const shaped = fc
      .tuple(
        fc.integer({ min: 0, max: 9999 }),
        ...[13, 32, 25, 61, 62].map((end) => fc.integer({ min: 0, max: end })),
        fc.constantFrom("Z", "+14:00", "-23:59", "+24:00"),
      )
      .map(([year, ...rest]) => {
        const offset = rest.pop() as string;
        const [month, day, hour, minute, second] = (rest as number[]).map((part) => String(part).padStart(2, "0"));
        return `${String(year).padStart(4, "0")}-${month}-${day}T${hour}:${minute}:${second}${offset}`;
      });
    fc.assert(
      fc.property(fc.oneof(fc.string(), shaped), (text) => {
        expect(dateTimeOf(text) !== undefined).toBe(isDateTime(text));
      }),
    );
  });

  it("reads back every instant of the years 0000 to 9999 that toISOString writes", () => {
    fc.assert(
      fc.property(fc.integer({ min: -62_167_219_200_000, max: 253_402_300_799_999 }), (time) => {
        const text = new Date(time).toISOString();
        expect(isDateTime(text)).toBe(true);
        expect(dateTimeOf(text)?.getTime()).toBe(time);
      }),
    );
  });
});

describe("RFC 3339 full-date", () => {
  it.each(["2000-02-29", "2024-12-31", "0001-01-01"])("accepts %s", (text) => expect(isDate(text)).toBe(true));
  it.each(["2100-02-29", "2024-06-31", "2024-1-01", "24-01-01", "2024-01-01T00:00:00Z", "2024/01/01", "2024-01-00"])("refuses %s", (text) =>
    expect(isDate(text)).toBe(false),
  );
  it("agrees with the calendar of Date.UTC on every day of 400 years", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1600, max: 2399 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 31 }),
        (year, month, day) => {
          const text = `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
          const exists = new Date(Date.UTC(year, month - 1, day)).getUTCDate() === day;
          expect(isDate(text)).toBe(exists);
        },
      ),
    );
  });
});

describe("RFC 4122 UUID", () => {
  it.each([
    "f81d4fae-7dec-11d0-a765-00a0c91e6bf6", // RFC 4122 section 3
    "F81D4FAE-7DEC-11D0-A765-00A0C91E6BF6",
    "00000000-0000-0000-0000-000000000000",
    "ffffffff-ffff-ffff-ffff-ffffffffffff",
    "01890a5d-ac96-774b-bcce-b302099a8057",
  ])("accepts %s", (text) => expect(isUuid(text)).toBe(true));
  it.each([
    "f81d4fae7dec11d0a76500a0c91e6bf6",
    "{f81d4fae-7dec-11d0-a765-00a0c91e6bf6}",
    "urn:uuid:f81d4fae-7dec-11d0-a765-00a0c91e6bf6",
    "f81d4fae-7dec-11d0-a765-00a0c91e6bf",
    "g81d4fae-7dec-11d0-a765-00a0c91e6bf6",
    "f81d4fae-7dec-11d0-a765-00a0c91e6bf6 ",
  ])("refuses %s", (text) => expect(isUuid(text)).toBe(false));
});

describe("RFC 3986 URI", () => {
  it.each([
    "ftp://ftp.is.co.za/rfc/rfc1808.txt", // RFC 3986 section 1.1.2
    "http://www.ietf.org/rfc/rfc2396.txt",
    "ldap://[2001:db8::7]/c=GB?objectClass?one",
    "mailto:John.Doe@example.com",
    "news:comp.infosystems.www.servers.unix",
    "tel:+1-816-555-1212",
    "telnet://192.0.2.16:80/",
    "urn:oasis:names:specification:docbook:dtd:xml:4.1.2",
    "https://user:pa%20ss@example.com:8080/a/b;c?d=e&f#g/h?i",
    "http://[::ffff:192.0.2.1]/",
    "http://[v7.fe80::1]/",
    "file:///etc/hosts",
    "foo:",
  ])("accepts %s", (text) => expect(isUri(text)).toBe(true));
  it.each([
    "/relative/path",
    "//example.com/no-scheme",
    "example.com",
    "1http://example.com",
    "http://exa mple.com/",
    "http://example.com/a b",
    "http://example.com/%zz",
    "http://[2001:db8::7/",
    "http://[2001:db8::7::1]/",
    "http://[1:2:3:4:5:6:7:8:9]/",
    "http://example.com:80a/",
    "http://a@b@c/",
    "http://example.com/#a#b",
    "http://exämple.com/",
    "",
  ])("refuses %s", (text) => expect(isUri(text)).toBe(false));
});

describe("HTML valid email address", () => {
  it.each(["ada@example.com", "a.b+c@sub.example.co", "x@localhost", "!#$%&'*+/=?^_`{|}~-@a-b.c", "a@1.2.3.4"])("accepts %s", (text) =>
    expect(isEmail(text)).toBe(true),
  );
  it.each([
    "ada",
    "ada@",
    "@example.com",
    "ada@example..com",
    "ada@-example.com",
    "ada@example-.com",
    '"ada"@example.com',
    "ada lovelace@example.com",
    "ada@exämple.com",
    `ada@${"a".repeat(64)}.com`,
  ])("refuses %s", (text) => expect(isEmail(text)).toBe(false));
});

describe("constraint helpers", () => {
  it("codePointLength counts as spreading a string does", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), (text) => {
        expect(codePointLength(text)).toBe([...text].length);
      }),
    );
  });

  it("isMultipleOf: integer multiples of decimal steps, exactly", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1e6, max: 1e6 }),
        fc.integer({ min: 1, max: 999 }),
        fc.integer({ min: 0, max: 6 }),
        (times, digits, places) => {
          const step = Number(`${digits}e-${places}`);
          const value = Number(`${BigInt(times) * BigInt(digits)}e-${places}`);
          expect(isMultipleOf(value, step)).toBe(true);
          expect(isMultipleOf(value + Number(`1e-${places + 1}`), step)).toBe(false);
        },
      ),
    );
    expect(isMultipleOf(0.3, 0.1)).toBe(true);
    expect(isMultipleOf(1e-7, 1e-8)).toBe(true);
    expect(isMultipleOf(10, 4)).toBe(false);
  });
});
