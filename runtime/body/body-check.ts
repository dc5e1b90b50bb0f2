import { rejectBody, type BodyReporter } from "./json-checks.js";
import { mayRound, parseJson, parseJsonExactly } from "./json-parse.js";

// A `Json<T>` body's text, parsed and checked by the functions generated for
// `T`: the handler gets the parser's fresh copy, or the request ends in a 400
// listing what the reporter finds.

export type BodyParser = (value: unknown, depth: number) => unknown;

/** `exact`: `T` holds an i64, whose digits must not be lost to JSON.parse's rounding. */
export function checkBody(text: string, exact: boolean, parse: BodyParser, report: BodyReporter): unknown {
  const parsedExactly = exact && mayRound(text);
  let value = parsedExactly ? parseJsonExactly(text) : parseJson(text);
  let body = parse(value, 0);
  if (body === undefined && exact && !parsedExactly) {
    // An i64 written with an exponent (9e18) is exact but beyond what a double holds exactly: read it exactly before refusing.
    value = parseJsonExactly(text);
    body = parse(value, 0);
  }
  return body === undefined ? rejectBody(value, report) : body;
}
