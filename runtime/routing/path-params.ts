import type { HttpError } from "../errors/http-error.js";
import { refusal } from "../errors/failed-check.js";
import { booleanText, dateText, i64Text, literalText, numberText, type TextValue } from "../inputs/text-values.js";

// Parsers for `Path<T>` values, called by generated handlers with the text
// Hono matched (already percent-decoded once). Each accepts what
// inputs/text-values.ts accepts for its type and answers 400 naming the
// parameter otherwise.

export function parseI64Param(text: string, name: string): bigint {
  return parsed(i64Text, text, name);
}

export function parseNumberParam(text: string, name: string): number {
  return parsed(numberText, text, name);
}

export function parseBooleanParam(text: string, name: string): boolean {
  return parsed(booleanText, text, name);
}

export function parseDateParam(text: string, name: string): Date {
  return parsed(dateText, text, name);
}

export function parseStringParam(text: string, name: string): string {
  if (text.length > 0) return text;
  throw invalid(name, text, "a non-empty string");
}

/** For a union of literals: `choices` maps each literal's text to its value. */
export function parseLiteralParam<T extends string | number>(text: string, name: string, choices: ReadonlyMap<string, T>): T {
  const value = choices.get(text);
  if (value !== undefined) return value;
  throw invalid(name, text, literalText(choices).explained);
}

function parsed<T>(type: TextValue<T>, text: string, name: string): T {
  const value = type.parse(text);
  if (value !== undefined) return value;
  throw invalid(name, text, type.explained);
}

function invalid(name: string, text: string, expected: string): HttpError {
  const shown = text.length > 64 ? `${text.slice(0, 64)}…` : text;
  return refusal("path", 400, `path parameter "${name}" must be ${expected}; got ${JSON.stringify(shown)}`);
}
