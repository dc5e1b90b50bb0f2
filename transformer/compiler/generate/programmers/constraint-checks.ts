import type ts from "typescript";
import type { Constraint } from "../../model.js";
import { formatCheck, inCheckOrder, isCostly, patternSource } from "../../shapes/constraint-facts.js";
import type { RuntimeSyntax } from "../protocol.js";

// Constraint types (docs/guide/constraints.md, "Constraints") as the parser and the reporter
// check them: the test a value meets, in the order and with the functions
// the constraints' facts give (shapes/constraint-facts.ts). The value is
// already known to be of the constraint's kind: a string, a finite number,
// or an array.

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
  const bounds = ordered.filter((each) => !isCostly(each));
  const costly = ordered.filter(isCostly);
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
      return call(context.runtime(formatCheck(constraint.format)), value);
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
