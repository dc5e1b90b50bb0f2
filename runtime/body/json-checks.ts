import type { BodyFault } from "../errors/error-answers.js";
import { MAX_I64, MIN_I64 } from "../common/i64-range.js";
import { describeSecret, describeValue } from "../common/value-description.js";
import { refusal } from "../errors/failed-check.js";
import { MAX_ERRORS, MAX_NESTING, tooDeep } from "./json-limits.js";
import { integerOfText, JsonNumberText } from "./json-parse.js";

// What generated body validators call. A validator comes in two parts: a
// fast check that returns a fresh copy of a valid body, or undefined at the
// first fault; and, only when that fails, a reporter that walks the body
// again to list every fault with its path (see rejectBody).

/** A JSON number as a finite number, or undefined (`1e400` too). Exact parsing hands over bigints and JsonNumberTexts. */
export function numberOf(value: unknown): number | undefined {
  const number =
    typeof value === "number"
      ? value
      : typeof value === "bigint"
        ? Number(value)
        : value instanceof JsonNumberText
          ? Number(value.text)
          : NaN;
  return Number.isFinite(number) ? number : undefined;
}

/** A JSON number whose exact value is an integer in the signed 64-bit range, as a bigint, or undefined. */
export function i64Of(value: unknown): bigint | undefined {
  // A number here has at most 15 significant digits (see checkBody), so a safe integer is exact.
  if (typeof value === "number") return Number.isSafeInteger(value) ? BigInt(value) : undefined;
  const integer = typeof value === "bigint" ? value : value instanceof JsonNumberText ? integerOfText(value.text) : undefined;
  return integer !== undefined && integer >= MIN_I64 && integer <= MAX_I64 ? integer : undefined;
}

/** An `unknown` value: a copy without `__proto__` or `constructor` keys, numbers as JSON.parse gives them. */
export function copyJson(value: unknown, depth: number): unknown {
  if (typeof value !== "object" || value === null) return typeof value === "bigint" ? Number(value) : value;
  if (value instanceof JsonNumberText) return Number(value.text);
  if (depth >= MAX_NESTING) throw tooDeep();
  if (Array.isArray(value)) {
    const copy: unknown[] = new Array(value.length);
    for (let index = 0; index < value.length; index++) copy[index] = copyJson(value[index], depth + 1);
    return copy;
  }
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    if (key === "__proto__" || key === "constructor") continue;
    copy[key] = copyJson((value as Record<string, unknown>)[key], depth + 1);
  }
  return copy;
}

/** Throws the 400 for a recursive type nested past the limit. */
export function nestedTooDeep(): never {
  throw tooDeep();
}

const FULL = Symbol("full");

/** A reporter's faults for one object, with paths relative to it (`.next.a`), kept for the rest of one refusal. */
type KnownFaults = WeakMap<BodyReporter, WeakMap<object, readonly BodyFault[]>>;

/** The faults a reporter finds, up to MAX_ERRORS. */
export class BodyFaults {
  readonly list: BodyFault[] = [];

  constructor(
    readonly known: KnownFaults = new WeakMap(),
    /** Within a `Secret<T>` property: a fault says what kind of value came, never the value. */
    public secret = false,
  ) {}

  add(path: string, expected: string, value: unknown): void {
    // A number read exactly (a JsonNumberText) is a number all the same.
    this.push({ path, expected, got: this.secret ? describeSecret(value instanceof JsonNumberText ? 0 : value) : describe(value) });
  }

  /** Runs `report` with every fault it adds describing its value by kind alone (docs/guide/json-bodies-and-responses.md, "Secrets"). */
  secretly(report: () => void): void {
    const outer = this.secret;
    this.secret = true;
    try {
      report();
    } finally {
      this.secret = outer;
    }
  }

  push(error: BodyFault): void {
    if (this.list.length === MAX_ERRORS) throw FULL;
    this.list.push(error);
  }
}

export type BodyReporter = (value: unknown, path: string, errors: BodyFaults, depth: number) => void;

/**
 * Adds the faults of the union member a value is closest to: the one with
 * the fewest. Each member's faults for an object are found once and kept for
 * the rest of the refusal, so a union that leads back to itself is reported
 * in time linear in the body, not in 2^depth (see parse-once.ts).
 */
export function reportClosest(value: unknown, path: string, errors: BodyFaults, depth: number, reporters: readonly BodyReporter[]): void {
  let closest: readonly BodyFault[] | undefined;
  for (const report of reporters) {
    const found = faultsOf(report, value, depth, errors);
    if (!closest || found.length < closest.length) closest = found;
  }
  for (const error of closest ?? []) errors.push({ ...error, path: path + error.path });
}

/** `report`'s faults of `value`, paths relative to it, up to MAX_ERRORS; found once per object (in one place of the body: secret or not). */
function faultsOf(report: BodyReporter, value: unknown, depth: number, errors: BodyFaults): readonly BodyFault[] {
  const { known } = errors;
  const object = typeof value === "object" && value !== null ? value : undefined;
  let ofReporter = object && known.get(report);
  const remembered = object && ofReporter?.get(object);
  if (remembered) return remembered;
  const found = new BodyFaults(known, errors.secret);
  try {
    report(value, "", found, depth);
  } catch (error) {
    if (error !== FULL) throw error;
  }
  if (object) {
    if (!ofReporter) {
      ofReporter = new WeakMap();
      known.set(report, ofReporter);
    }
    ofReporter.set(object, found.list);
  }
  return found.list;
}

/** Throws the 400 for a body its fast check refused, listing every fault the reporter finds. */
export function rejectBody(value: unknown, report: BodyReporter): never {
  const errors = new BodyFaults();
  let more = false;
  try {
    report(value, "$", errors, 0);
  } catch (error) {
    if (error !== FULL) throw error;
    more = true;
  }
  const count = errors.list.length;
  const detail = more
    ? `the request body does not match its declared type; the first ${count} errors are listed`
    : `the request body does not match its declared type (${count} ${count === 1 ? "error" : "errors"})`;
  throw refusal("body", 400, detail, { errors: errors.list });
}

/** What a reporter says it got: a number read exactly as its text, anything else as describeValue says. */
export function describe(value: unknown): string {
  return value instanceof JsonNumberText ? value.text : describeValue(value);
}
