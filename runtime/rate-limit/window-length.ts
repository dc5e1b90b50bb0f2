// A rate limit's window as written in `@RateLimit({ window })`: a whole number of ms, or a duration string
// ("500ms", "30s", "1m", "1h", "1d"), read by the compiler, which refuses any other (docs/guide/rate-limits.md, "Declaring a limit").

const UNITS: Readonly<Record<string, number>> = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** The longest window honest keeps: a day is the last unit; a week of fixed windows is a quota, not a rate. */
export const MAX_WINDOW_MS = 7 * 86_400_000;

/** The window in ms, or undefined when `written` is not a positive duration of at most 7 days. */
export function windowLengthOf(written: string | number): number | undefined {
  let ms: number;
  if (typeof written === "number") ms = written;
  else {
    const match = /^(\d+)(ms|s|m|h|d)$/.exec(written);
    if (!match) return undefined;
    ms = Number(match[1]) * UNITS[match[2]!]!;
  }
  return Number.isSafeInteger(ms) && ms > 0 && ms <= MAX_WINDOW_MS ? ms : undefined;
}
