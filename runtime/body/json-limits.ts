import type { HttpError } from "../errors/http-error.js";
import { refusal } from "../errors/failed-check.js";

// Bounds that keep a hostile body from costing more than a 400.

/** Levels of arrays and objects a body may nest where its type allows any depth (`unknown`, recursive types). */
export const MAX_NESTING = 256;

/** Entries in a 400's `errors` list; a body wrong everywhere gets this many. */
export const MAX_ERRORS = 100;

export function tooDeep(): HttpError {
  return refusal("body", 400, `the request body is nested more than ${MAX_NESTING} levels deep`);
}
