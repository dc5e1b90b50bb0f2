import { i64OfText, numberOfText } from "../common/decimal-text.js";
import { DATE_TIME_EXPECTED, dateTimeOf } from "../body/formats.js";

// What a value written as text may be (docs/guide/path-parameters.md, "Path parameter types"): the
// same parsers serve path parameters, query strings, headers and cookies.
// Each accepts exactly the documented syntax and returns undefined otherwise
// (the numbers' in common/decimal-text.ts, which the generated client reads ids with too).

/** A type a value written as text can have, and how faults name what it expected. */
export interface TextValue<T> {
  /** The value, or undefined when `text` is not one. */
  parse(text: string): T | undefined;
  /** The value of a form's file field, for the types that take one (`File`); a file is no value of the others. */
  parseFile?(file: File): T | undefined;
  /** For an entry of `errors`: `64-bit integer`, `"asc" | "desc"`. */
  readonly expected: string;
  /** For a path parameter's sentence: `a 64-bit integer: decimal digits ...`. */
  readonly explained: string;
}

export const i64Text: TextValue<bigint> = {
  parse: i64OfText,
  expected: "64-bit integer",
  explained: "a 64-bit integer: decimal digits with an optional '-', from -9223372036854775808 to 9223372036854775807",
};

export const numberText: TextValue<number> = {
  parse: numberOfText,
  expected: "number",
  explained: "a finite decimal number",
};

export const booleanText: TextValue<boolean> = {
  parse: (text) => (text === "true" ? true : text === "false" ? false : undefined),
  expected: "true or false",
  explained: "true or false",
};

/** `Date`: an RFC 3339 date-time, read as a JSON body's Date is (docs/guide/json-bodies-and-responses.md, "Dates"). */
export const dateText: TextValue<Date> = {
  parse: dateTimeOf,
  expected: DATE_TIME_EXPECTED,
  explained: "an RFC 3339 date-time, such as 2026-11-27T16:20:00Z",
};

/** Any text, empty included: a query value or header may be empty (a path segment never is: its parser says so). */
export const stringText: TextValue<string> = {
  parse: (text) => text,
  expected: "string",
  explained: "a string",
};

/** A union of literals or an enum: `choices` maps each literal's text to its value. */
export function literalText<T extends string | number>(choices: ReadonlyMap<string, T>): TextValue<T> {
  const values = [...choices.values()];
  return {
    parse: (text) => choices.get(text),
    expected: values.map((value) => JSON.stringify(value)).join(" | "),
    explained: `one of ${[...choices.keys()].map((choice) => JSON.stringify(choice)).join(", ")}`,
  };
}
