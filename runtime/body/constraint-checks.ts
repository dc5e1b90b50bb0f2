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
