// The formats of `Format<F>` (docs/guide/constraints.md, "Constraints"), each checked exactly
// as its standard defines it, by a small hand-written function rather than
// a dependency.

/** HTML's "valid email address": the WHATWG spec's own expression, a willful violation of RFC 5322. */
const EMAIL =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

export function isEmail(text: string): boolean {
  return EMAIL.test(text);
}

/** RFC 4122's string form, 8-4-4-4-12 hex digits: any version and variant, either case (section 3: input is case-insensitive). */
const UUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

export function isUuid(text: string): boolean {
  return UUID.test(text);
}

/** RFC 3339 full-date: `YYYY-MM-DD`, a day that exists in that month of the proleptic Gregorian calendar. */
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isDate(text: string): boolean {
  const date = DATE.exec(text);
  return date !== null && isCalendarDate(Number(date[1]), Number(date[2]), Number(date[3]));
}

/**
 * RFC 3339 date-time: full-date "T" hh:mm:ss, optional fraction, then "Z" or
 * ±hh:mm; "T" and "Z" in either case (section 5.6). Hours 00-23 (no 24:00);
 * a leap second (:60) only at 23:59 UTC, as section 5.7 allows it.
 */
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(?:\.(\d+))?(?:[Zz]|([+-])(\d{2}):(\d{2}))$/;

/** What a fault's `expected` says of a value that is no RFC 3339 date-time: a `Date`'s, and `Format<"date-time">`'s. */
export const DATE_TIME_EXPECTED = "RFC 3339 date-time such as 2026-11-27T16:20:00Z";

/**
 * 400 years of the Gregorian calendar, which repeats with them: 146 097 days, in milliseconds. Written out, not
 * multiplied, so that a bundler drops it from a client, which reads dates without it.
 */
const FOUR_CENTURIES = 12_622_780_800_000;

/**
 * The instant an RFC 3339 date-time names, in milliseconds since 1970, or
 * undefined for a text that is none: `isDateTime` and `dateTimeOf` both ask
 * this one function, so a `Date` reads exactly what `Format<"date-time">`
 * accepts. A fraction is cut to milliseconds; a leap second (23:59:60) is
 * the instant after 23:59:59.999, as a `Date` has no leap seconds.
 */
function dateTimeMillis(text: string): number | undefined {
  const parts = DATE_TIME.exec(text);
  if (parts === null) return undefined;
  const [year, month, day, hour, minute, second] = parts.slice(1, 7).map(Number) as [number, number, number, number, number, number];
  const offsetHour = parts[9] === undefined ? 0 : Number(parts[9]);
  const offsetMinute = parts[10] === undefined ? 0 : Number(parts[10]);
  if (!isCalendarDate(year, month, day) || hour > 23 || minute > 59 || second > 60 || offsetHour > 23 || offsetMinute > 59)
    return undefined;
  const offset = (parts[8] === "-" ? -1 : 1) * (offsetHour * 60 + offsetMinute);
  if (second === 60) {
    const utcMinutes = (((hour * 60 + minute - offset) % 1440) + 1440) % 1440;
    if (utcMinutes !== 23 * 60 + 59) return undefined;
  }
  const millis = parts[7] === undefined ? 0 : Number(parts[7].slice(0, 3).padEnd(3, "0"));
  // Date.UTC reads the years 0 to 99 as 1900 to 1999: 400 years on, the calendar is the same.
  return Date.UTC(year + 400, month - 1, day, hour, minute - offset, second, millis) - FOUR_CENTURIES;
}

export function isDateTime(text: string): boolean {
  return dateTimeMillis(text) !== undefined;
}

/** A `Date` read from an RFC 3339 date-time (docs/guide/json-bodies-and-responses.md, "Dates"), or undefined for any other value. */
export function dateTimeOf(value: unknown): Date | undefined {
  const millis = typeof value === "string" ? dateTimeMillis(value) : undefined;
  return millis === undefined ? undefined : new Date(millis);
}

function isCalendarDate(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const days = month === 2 ? (leap ? 29 : 28) : month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
  return day <= days;
}

// RFC 3986 section 2 and 3: the characters each part of a URI may hold.
// Each class is unreserved (A-Za-z0-9-._~) and sub-delims (!$&'()*+,;=)
// characters, plus the part's own, or a percent-encoded octet; written as
// literals so that a bundle not using isUri drops them.
const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:/;
const PATH = /^(?:[A-Za-z0-9\-._~!$&'()*+,;=:@/]|%[0-9A-Fa-f]{2})*$/;
const QUERY_OR_FRAGMENT = /^(?:[A-Za-z0-9\-._~!$&'()*+,;=:@/?]|%[0-9A-Fa-f]{2})*$/;
const USERINFO = /^(?:[A-Za-z0-9\-._~!$&'()*+,;=:]|%[0-9A-Fa-f]{2})*$/;
const REG_NAME = /^(?:[A-Za-z0-9\-._~!$&'()*+,;=]|%[0-9A-Fa-f]{2})*$/;
const IP_FUTURE = /^[Vv][0-9A-Fa-f]+\.[A-Za-z0-9\-._~!$&'()*+,;=:]+$/;
const PORT = /^\d*$/;
const HEX_GROUP = /^[0-9A-Fa-f]{1,4}$/;
const IPV4 = /^(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;

/**
 * RFC 3986's URI (section 3), an absolute reference: a scheme, then a
 * hier-part (`//authority` and a path, or a path alone), a query and a
 * fragment, with only the characters each part may hold.
 */
export function isUri(text: string): boolean {
  const scheme = SCHEME.exec(text);
  if (scheme === null) return false;
  let rest = text.slice(scheme[0].length);
  const hash = rest.indexOf("#");
  if (hash >= 0) {
    if (!QUERY_OR_FRAGMENT.test(rest.slice(hash + 1))) return false;
    rest = rest.slice(0, hash);
  }
  const question = rest.indexOf("?");
  if (question >= 0) {
    if (!QUERY_OR_FRAGMENT.test(rest.slice(question + 1))) return false;
    rest = rest.slice(0, question);
  }
  if (!rest.startsWith("//")) return PATH.test(rest);
  const slash = rest.indexOf("/", 2);
  const authority = slash < 0 ? rest.slice(2) : rest.slice(2, slash);
  return isAuthority(authority) && PATH.test(slash < 0 ? "" : rest.slice(slash));
}

function isAuthority(authority: string): boolean {
  const at = authority.indexOf("@");
  if (at >= 0 && !USERINFO.test(authority.slice(0, at))) return false;
  const hostPort = authority.slice(at + 1);
  if (hostPort.startsWith("[")) {
    const close = hostPort.indexOf("]");
    if (close < 0) return false;
    const literal = hostPort.slice(1, close);
    const port = hostPort.slice(close + 1);
    return (isIpv6(literal) || IP_FUTURE.test(literal)) && (port === "" || (port.startsWith(":") && PORT.test(port.slice(1))));
  }
  const colon = hostPort.indexOf(":");
  if (colon < 0) return REG_NAME.test(hostPort);
  return REG_NAME.test(hostPort.slice(0, colon)) && PORT.test(hostPort.slice(colon + 1));
}

/** RFC 3986's IPv6address: eight 16-bit groups, the last two possibly an IPv4 address, `::` for one or more zero groups. */
function isIpv6(text: string): boolean {
  const halves = text.split("::");
  if (halves.length > 2) return false;
  const groups = halves.map((half) => (half === "" ? [] : half.split(":")));
  let count = 0;
  for (const [halfIndex, half] of groups.entries()) {
    for (const [index, group] of half.entries()) {
      const last = halfIndex === groups.length - 1 && index === half.length - 1;
      if (HEX_GROUP.test(group)) count += 1;
      else if (last && IPV4.test(group)) count += 2;
      else return false;
    }
  }
  return halves.length === 2 ? count <= 7 : count === 8;
}
