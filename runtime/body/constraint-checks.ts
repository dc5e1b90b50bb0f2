// What generated checks of constraint types call (docs/guide/constraints.md, "Constraints"),
// beyond comparisons they write inline.

/**
 * A string's length in Unicode code points, as JSON Schema's minLength and
 * maxLength count it: a surrogate pair is one character, a lone surrogate too.
 */
export function codePointLength(text: string): number {
  let length = text.length;
  for (let index = 0; index < text.length - 1; index++) {
    const unit = text.charCodeAt(index);
    if (unit >= 0xd800 && unit <= 0xdbff) {
      const next = text.charCodeAt(index + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        length--;
        index++;
      }
    }
  }
  return length;
}

/**
 * Whether `value` is `step` times an integer, exactly for the decimals both
 * are written as: 0.3 is a multiple of 0.1, though 0.3 / 0.1 is not an
 * integer in binary floating point.
 */
export function isMultipleOf(value: number, step: number): boolean {
  if (Number.isInteger(value) && Number.isInteger(step)) return value % step === 0;
  const scaled = decimalOf(value);
  const unit = decimalOf(step);
  const exponent = Math.min(scaled.exponent, unit.exponent);
  const widen = (decimal: Decimal) => decimal.digits * 10n ** BigInt(decimal.exponent - exponent);
  return widen(scaled) % widen(unit) === 0n;
}

interface Decimal {
  readonly digits: bigint;
  readonly exponent: number;
}

/** A finite number as digits × 10^exponent, from its shortest decimal form (`1.5e-7` → 15 × 10^-8). */
function decimalOf(value: number): Decimal {
  const [mantissa = "0", exponent = "0"] = String(value).split("e");
  const [whole = "0", fraction = ""] = mantissa.split(".");
  return { digits: BigInt(whole + fraction), exponent: Number(exponent) - fraction.length };
}

/**
 * How many of an object's properties MinProperties and MaxProperties count
 * (docs/guide/constraints.md, "Constraints"): each of `declared` whose value
 * is not undefined and, where the type has an index signature (`additional`),
 * every other own key but the two a body never passes on. A reporter counts
 * the request's object so; a parser counts the keys of its copy, which holds
 * exactly those.
 */
export function presentProperties(input: object, declared: readonly string[], additional: boolean): number {
  let count = 0;
  for (const name of declared) if (Object.hasOwn(input, name) && (input as Record<string, unknown>)[name] !== undefined) count++;
  if (!additional) return count;
  for (const key in input) {
    if (!Object.hasOwn(input, key) || key === "__proto__" || key === "constructor" || declared.includes(key)) continue;
    count++;
  }
  return count;
}
