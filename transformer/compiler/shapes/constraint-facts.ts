import { DATE_TIME_EXPECTED } from "../../../runtime/body/formats.js";
import type { Constraint, StringFormat } from "../model.js";

// Constraint types (docs/guide/constraints.md, "Constraints") as every
// back-end states them: the order checks run them in, the function each
// format is checked by, and what a 400's `expected` says when a value fails
// one. The server's parser and reporter (generate/programmers/constraint-checks.ts)
// and the client's response checks (client/client-checks.ts) write their
// tests from these facts, so both check alike and say the same.

/** The function that checks each format, exported by honest/internal and honest/client alike; `password` only tells the OpenAPI document (and its readers) to hide the value: any string is one. */
export const FORMAT_CHECKS = {
  email: "isEmail",
  uuid: "isUuid",
  uri: "isUri",
  "date-time": "isDateTime",
  date: "isDate",
  password: undefined,
} as const satisfies Readonly<Record<StringFormat, string | undefined>>;

/** The functions that check formats. */
export type FormatCheck = NonNullable<(typeof FORMAT_CHECKS)[StringFormat]>;

const FORMAT_NAMES: Readonly<Record<StringFormat, string>> = {
  email: "email address",
  uuid: "UUID",
  uri: "URI",
  "date-time": DATE_TIME_EXPECTED,
  date: "RFC 3339 date",
  password: "password",
};

/** Constraints whose cost is more than a pass over the value: a regular expression, a format. */
const COSTLY: ReadonlySet<Constraint["kind"]> = new Set(["pattern", "format"]);

/** Whether the constraint costs more than a pass over the value, so it runs after the bounds, on a value they capped. */
export function isCostly(constraint: Constraint): boolean {
  return COSTLY.has(constraint.kind);
}

/**
 * The constraints in the order checks run them: bounds (lengths, counts,
 * ranges) first, then patterns and formats, so that a value past its
 * MaxLength never reaches its Pattern (docs/guide/constraints.md, "Constraints").
 */
export function inCheckOrder(constraints: readonly Constraint[] | undefined): readonly Constraint[] {
  if (constraints === undefined) return [];
  const checked = constraints.filter((each) => each.kind !== "format" || FORMAT_CHECKS[each.format] !== undefined);
  return [...checked.filter((each) => !isCostly(each)), ...checked.filter(isCostly)];
}

/** The function that checks a format that inCheckOrder kept. */
export function formatCheck(format: StringFormat): FormatCheck {
  return FORMAT_CHECKS[format]!;
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

/** The pattern as a regular expression literal writes it (with the `u` flag): `/` and line breaks escaped. */
export function patternSource(source: string): string {
  return new RegExp(source, "u").source;
}
