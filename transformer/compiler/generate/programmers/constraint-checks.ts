import type ts from "typescript";
import type { Constraint, StringFormat } from "../../model.js";
import type { RuntimeExport, RuntimeSyntax } from "../protocol.js";

// Constraint types (docs/guide/constraints.md, "Constraints") as the parser and the reporter
// check them: the test a value meets, and what a 400's `expected` says when
// it does not. The value is already known to be of the constraint's kind: a
// string, a finite number, or an array.

/** Each format's check; `password` only tells the OpenAPI document (and its readers) to hide the value: any string is one. */
const FORMAT_CHECKS: Readonly<Record<StringFormat, RuntimeExport | undefined>> = {
  email: "isEmail",
  uuid: "isUuid",
  uri: "isUri",
  "date-time": "isDateTime",
  date: "isDate",
  password: undefined,
};

const FORMAT_NAMES: Readonly<Record<StringFormat, string>> = {
  email: "email address",
  uuid: "UUID",
  uri: "URI",
  "date-time": "RFC 3339 date-time",
  date: "RFC 3339 date",
  password: "password",
};

/** Constraints whose cost is more than a pass over the value: a regular expression, a format. */
const COSTLY: ReadonlySet<Constraint["kind"]> = new Set(["pattern", "format"]);

/**
 * The constraints in the order checks run them: bounds (lengths, counts,
 * ranges) first, then patterns and formats, so that a value past its
 * MaxLength never reaches its Pattern (docs/guide/constraints.md, "Constraints").
 */
export function inCheckOrder(constraints: readonly Constraint[] | undefined): readonly Constraint[] {
  if (constraints === undefined) return [];
  const checked = constraints.filter((each) => each.kind !== "format" || FORMAT_CHECKS[each.format] !== undefined);
  return [...checked.filter((each) => !COSTLY.has(each.kind)), ...checked.filter((each) => COSTLY.has(each.kind))];
}

/**
 * One `fault` for each constraint `value` fails, where a value that fails a
 * bound is not given to a pattern or format at all: the bounds' faults are
 * all it gets, and the costly checks run only on a value the bounds capped.
 */
export function constraintFaults(
  constraints: readonly Constraint[] | undefined,
  value: ts.Expression,
  context: RuntimeSyntax,
  fault: (constraint: Constraint) => ts.Statement,
): ts.Statement[] {
  const { when, not, and } = context.nodes;
  const ordered = inCheckOrder(constraints);
  const faults = (list: readonly Constraint[]) => list.map((constraint) => when(not(meets(constraint, value, context)), fault(constraint)));
  const bounds = ordered.filter((each) => !COSTLY.has(each.kind));
  const costly = ordered.filter((each) => COSTLY.has(each.kind));
  if (bounds.length === 0 || costly.length === 0) return faults(ordered);
  const otherwise = costly.length === 1 ? faults(costly)[0]! : faults(costly);
  // One bound: `if (!bound) fault; else if (!pattern) fault;`, as a person writes it.
  if (bounds.length === 1) return [when(not(meets(bounds[0]!, value, context)), fault(bounds[0]!), otherwise)];
  const withinBounds = bounds.map((constraint) => meets(constraint, value, context)).reduce((all, next) => and(all, next));
  return [when(not(withinBounds), faults(bounds), otherwise)];
}

/** Whether `value` meets the constraint. */
export function meets(constraint: Constraint, value: ts.Expression, context: RuntimeSyntax): ts.Expression {
  const { call, ge, gt, le, lt, num, prop, regex, id, lengthOf } = context.nodes;
  switch (constraint.kind) {
    case "minLength":
      return ge(call(context.runtime("codePointLength"), value), num(constraint.value));
    case "maxLength":
      return le(call(context.runtime("codePointLength"), value), num(constraint.value));
    case "pattern":
      return call(prop(regex(patternSource(constraint.source), "u"), "test"), value);
    case "format":
      return call(context.runtime(FORMAT_CHECKS[constraint.format]!), value);
    case "minimum":
      return ge(value, num(constraint.value));
    case "maximum":
      return le(value, num(constraint.value));
    case "exclusiveMinimum":
      return gt(value, num(constraint.value));
    case "exclusiveMaximum":
      return lt(value, num(constraint.value));
    case "multipleOf":
      return call(context.runtime("isMultipleOf"), value, num(constraint.value));
    case "integer":
      return call(prop(id("Number"), "isInteger"), value);
    case "minItems":
      return ge(lengthOf(value), num(constraint.value));
    case "maxItems":
      return le(lengthOf(value), num(constraint.value));
    // `value` is the number of properties present (parse-programmer.ts and report-programmer.ts count them).
    case "minProperties":
      return ge(value, num(constraint.value));
    case "maxProperties":
      return le(value, num(constraint.value));
  }
}

/** What a 400's `expected` says for a value that fails the constraint. */
export function constraintExpected(constraint: Constraint): string {
  switch (constraint.kind) {
    case "minLength":
      return `string of at least ${count(constraint.value, "character")}`;
    case "maxLength":
      return `string of at most ${count(constraint.value, "character")}`;
    case "pattern":
      return `string matching /${patternSource(constraint.source)}/`;
    case "format":
      return FORMAT_NAMES[constraint.format];
    case "minimum":
      return `number at least ${constraint.value}`;
    case "maximum":
      return `number at most ${constraint.value}`;
    case "exclusiveMinimum":
      return `number greater than ${constraint.value}`;
    case "exclusiveMaximum":
      return `number less than ${constraint.value}`;
    case "multipleOf":
      return `multiple of ${constraint.value}`;
    case "integer":
      return "integer";
    case "minItems":
      return `array of at least ${count(constraint.value, "item")}`;
    case "maxItems":
      return `array of at most ${count(constraint.value, "item")}`;
    case "minProperties":
      return `object with at least ${count(constraint.value, "property", "properties")}`;
    case "maxProperties":
      return `object with at most ${count(constraint.value, "property", "properties")}`;
  }
}

const count = (n: number, noun: string, plural = `${noun}s`): string => `${n} ${n === 1 ? noun : plural}`;

/** The pattern as a regular expression literal writes it: `/` and line breaks escaped. */
function patternSource(source: string): string {
  return new RegExp(source, "u").source;
}
