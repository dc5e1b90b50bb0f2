// What @Every accepts (docs/guide/scheduled-work.md, "Declaring a job"): a
// whole number followed by ms, s, m or h, or a whole number of ms; 100 ms at
// the least, below which a tick is mostly timer and Redis lock.

/** The shortest interval @Every accepts, in ms. */
export const SHORTEST_INTERVAL = 100;

const UNITS: Readonly<Record<string, number>> = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000 };

/** The interval in ms, or undefined when `written` is not one. */
export function intervalOf(written: string | number): number | undefined {
  if (typeof written === "number") return Number.isSafeInteger(written) && written > 0 ? written : undefined;
  const match = /^([1-9][0-9]*)(ms|s|m|h)$/.exec(written);
  if (!match) return undefined;
  const ms = Number(match[1]) * UNITS[match[2]!]!;
  return Number.isSafeInteger(ms) ? ms : undefined;
}
