import type { BodyFault } from "../errors/rendered-problem.js";
import { MAX_I64, MIN_I64 } from "../common/i64-range.js";
import { keyPath } from "../common/key-path.js";
import { describeValue, EXPECTED_OF_KIND, type ScalarKind } from "../common/value-description.js";
import { AnswerMismatch } from "./answers.js";

// A generated client's response checks (docs/guide/openapi-and-clients.md,
// "Checking what the app answers"), off unless the client is created with
// `checks: responseChecks`. The generated module describes each route's
// answer as data (an AnswerShape), and its `responseChecks` has for each
// route a function calling checkAnswer, which walks an answer, already read
// (bigints at i64 positions), and lists every fault as the server's 400s do:
// `{ path: "$.items[0].id", expected: "64-bit integer", got: "\"x\"" }`.
// Data rather than code generated per type: the checks are opt-in, and a
// module that never imports `responseChecks` ships none of this.

/**
 * What an answer must be: a scalar kind; a named type, by reference (a
 * function giving its shape, so a type may refer to itself); a literal; a
 * constrained string or number; an array, tuple or object; or a union.
 */
export type AnswerShape =
  | "string"
  | "number"
  | "boolean"
  | "null"
  | "bigint"
  | "date"
  | "unknown"
  | (() => AnswerShape)
  | { readonly literal: string | number | boolean }
  | { readonly string: readonly AnswerConstraint<string>[] }
  | { readonly number: readonly AnswerConstraint<number>[] }
  | { readonly items: AnswerShape; readonly constraints?: readonly AnswerConstraint<readonly unknown[]>[] }
  | { readonly tuple: readonly AnswerShape[]; readonly required: number; readonly rest?: AnswerShape; readonly expected: string }
  | {
      readonly properties: readonly AnswerProperty[];
      readonly additional?: AnswerShape;
      /** MinProperties, MaxProperties: tested on the number of properties present. */
      readonly constraints?: readonly AnswerConstraint<number>[];
    }
  | { readonly anyOf: readonly AnswerShape[]; readonly expected: string };

/** A successful answer, its body read, as a response check is given it. */
export interface ReadAnswer {
  readonly request: Request;
  readonly response: Response;
  readonly data: unknown;
}

/** A route's response check: throws AnswerMismatch when the answer's body does not match the route's type. */
export type AnswerCheck = (answer: ReadAnswer) => void;

/** A property: its name, its shape, and `true` when it may be absent. */
export type AnswerProperty = readonly [name: string, shape: AnswerShape, optional?: true];

/** A constraint type: the test a value meets, what a fault says it expected, and `true` for a costly test (a pattern, a format) run only on a value within its bounds. */
export type AnswerConstraint<T> = readonly [meets: (value: T) => boolean, expected: string, costly?: true];

/** Faults listed per answer: enough to tell what went wrong, bounded whatever the answer. */
const MAX_FAULTS = 100;

/** Throws AnswerMismatch listing every fault of the answer's body against `shape`, paths from `$`. */
export function checkAnswer(answer: ReadAnswer, shape: AnswerShape): void {
  const faults: BodyFault[] = [];
  const outer = waiting;
  waiting = [() => checkNow(answer.data, "$", faults, shape)];
  try {
    while (waiting.length > 0) {
      const check = waiting.pop()!;
      const mark = waiting.length;
      check();
      // The checks it scheduled run first to last, as calls would have: its faults come in the same order.
      for (let low = mark, high = waiting.length - 1; low < high; low++, high--)
        [waiting[low], waiting[high]] = [waiting[high]!, waiting[low]!];
    }
  } finally {
    waiting = outer;
  }
  if (faults.length > 0) throw new AnswerMismatch(answer.request, answer.response, answer.data, faults);
}

/**
 * The checks of the answer being checked, in a list rather than on the call
 * stack: an answer may nest as deep as JSON.parse reads (a million levels),
 * so a check schedules the checks of a value's members (`later`) rather
 * than calling them.
 */
let waiting: (() => void)[] = [];

function later(check: () => void): void {
  waiting.push(check);
}

/** Adds every fault of `value` against `shape` to `faults`, paths under `path`, once the check running has returned. */
function checkAt(value: unknown, path: string, faults: BodyFault[], shape: AnswerShape): void {
  later(() => checkNow(value, path, faults, shape));
}

function checkNow(value: unknown, path: string, faults: BodyFault[], shape: AnswerShape): void {
  if (faults.length >= MAX_FAULTS) return;
  while (typeof shape === "function") shape = shape();
  if (typeof shape === "string") {
    if (!isOfKind(shape, value)) fault(faults, path, EXPECTED_OF_KIND[shape], value);
  } else if ("literal" in shape) {
    if (value !== shape.literal) fault(faults, path, JSON.stringify(shape.literal), value);
  } else if ("string" in shape) {
    if (typeof value !== "string") fault(faults, path, "string", value);
    else checkConstraints(value, value, path, faults, shape.string);
  } else if ("number" in shape) {
    if (typeof value !== "number") fault(faults, path, "number", value);
    else checkConstraints(value, value, path, faults, shape.number);
  } else if ("items" in shape) {
    if (!Array.isArray(value)) {
      fault(faults, path, "array", value);
      return;
    }
    checkConstraints(value, value, path, faults, shape.constraints);
    for (let index = 0; index < value.length; index++) checkAt(value[index], `${path}[${index}]`, faults, shape.items);
  } else if ("tuple" in shape) {
    checkTuple(value, path, faults, shape);
  } else if ("properties" in shape) {
    checkObject(value, path, faults, shape);
  } else {
    checkUnion(value, path, faults, shape);
  }
}

function isOfKind(kind: ScalarKind, value: unknown): boolean {
  switch (kind) {
    case "null":
      return value === null;
    case "bigint":
      return typeof value === "bigint" && value >= MIN_I64 && value <= MAX_I64;
    // The reader made a Date of the answer's date-time text.
    case "date":
      return value instanceof Date && !Number.isNaN(value.getTime());
    case "unknown":
      return true;
    default:
      return typeof value === kind;
  }
}

function fault(faults: BodyFault[], path: string, expected: string, value: unknown): void {
  if (faults.length < MAX_FAULTS) faults.push({ path, expected, got: describeValue(value) });
}

/** Each constraint's fault; the costly ones only when every bound holds (docs/guide/constraints.md, "Constraints"). */
function checkConstraints<T>(
  tested: T,
  value: unknown,
  path: string,
  faults: BodyFault[],
  constraints: readonly AnswerConstraint<T>[] = [],
): void {
  let withinBounds = true;
  for (const [meets, expected, costly] of constraints) {
    if (costly && !withinBounds) return;
    if (meets(tested)) continue;
    fault(faults, path, expected, value);
    if (!costly) withinBounds = false;
  }
}

function checkTuple(value: unknown, path: string, faults: BodyFault[], shape: Extract<AnswerShape, { tuple: unknown }>): void {
  const { tuple, required, rest, expected } = shape;
  if (!Array.isArray(value) || value.length < required || (rest === undefined && value.length > tuple.length)) {
    fault(faults, path, expected, value);
    return;
  }
  for (let index = 0; index < value.length; index++) checkAt(value[index], `${path}[${index}]`, faults, tuple[index] ?? rest!);
}

function checkObject(value: unknown, path: string, faults: BodyFault[], shape: Extract<AnswerShape, { properties: unknown }>): void {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    fault(faults, path, "object", value);
    return;
  }
  const object = value as Record<string, unknown>;
  let present = 0;
  for (const [name, property, optional] of shape.properties) {
    const member = Object.hasOwn(object, name) ? object[name] : undefined;
    if (member !== undefined) present++;
    if (member !== undefined || !optional) checkAt(member, keyPath(path, name), faults, property);
  }
  if (shape.additional !== undefined) {
    const declared = new Set(shape.properties.map(([name]) => name));
    for (const key of Object.keys(object)) {
      if (declared.has(key)) continue;
      present++;
      checkAt(object[key], keyPath(path, key), faults, shape.additional);
    }
  }
  later(() => checkConstraints(present, value, path, faults, shape.constraints));
}

/**
 * A union: no fault when a member holds; otherwise the faults of the member
 * the value comes closest to (the fewest), or one fault naming the union
 * when the value is of no member's kind.
 */
function checkUnion(value: unknown, path: string, faults: BodyFault[], shape: Extract<AnswerShape, { anyOf: unknown }>): void {
  let closest: BodyFault[] | undefined;
  const member = (index: number): void => {
    if (index === shape.anyOf.length) {
      if (closest === undefined) fault(faults, path, shape.expected, value);
      else faults.push(...closest.slice(0, MAX_FAULTS - faults.length));
      return;
    }
    const found: BodyFault[] = [];
    checkAt(value, path, found, shape.anyOf[index]!);
    // Once the member is checked: it holds, or the next is tried.
    later(() => {
      if (found.length === 0) return;
      if (!found.some((each) => each.path === path) && (closest === undefined || found.length < closest.length)) closest = found;
      member(index + 1);
    });
  };
  member(0);
}
