import type { Context } from "hono";
import { buildAdvice } from "../compiled/build-advice.js";
import type { Problem } from "./rendered-problem.js";

// The app's own error format declared in types (docs/guide/errors.md, "An error format the document shows"):
//
//   createApp({ renderError: { 400: (problem): Json<ErrorBody, 422> => ({ errors: { body: [problem.detail] } }) } })
//
// Each entry's declared result names the body's type and, optionally, the
// status sent instead of honest's, or a bare status, sent without a body. The transformer generates a writer for
// each entry's type and lists these answers in the OpenAPI document; here
// they are looked up by status and written.

/** An entry of an error format: the body for a problem, whose type is declared as the function's result (`Json<T>` or `Json<T, S>`). */
export type ErrorFormatEntry = (problem: Problem, c: Context) => unknown;

/** renderError as entries keyed by the status honest would answer with (400 to 599), and `default` for every status without its own. */
export interface ErrorFormat {
  readonly [status: number]: ErrorFormatEntry;
  readonly default?: ErrorFormatEntry;
}

/**
 * Per entry key: the writer generated for the entry's type, and the status its `Json<T, S>` declares (absent: the
 * problem's own); null for an entry whose result is a bare status (`401: (): 401 => 401`), answered without a body.
 */
export type ErrorFormatWriters = Readonly<Record<string, readonly [write: ((value: never) => string) | null, status?: number]>>;

/** An entry with its writer, ready to answer; `write` null for an answer without a body. */
export interface FormattedAnswer {
  readonly entry: ErrorFormatEntry;
  readonly write: ((value: never) => string) | null;
  readonly status: number | undefined;
}

/** The entries of `format`, each paired with its writer; an entry the transformer did not see refuses to start. */
export function formattedAnswers(format: ErrorFormat, writers: ErrorFormatWriters | undefined): ReadonlyMap<string, FormattedAnswer> {
  const answers = new Map<string, FormattedAnswer>();
  for (const [key, entry] of Object.entries(format) as [string, ErrorFormatEntry | undefined][]) {
    if (entry === undefined) continue;
    const written = writers?.[key];
    if (typeof entry !== "function" || written === undefined) {
      throw new Error(
        `honest: renderError's entry ${key} was not compiled by honest, so there is no writer for its body: write renderError's ` +
          "entries in the createApp({ ... }) call, each a function whose result type is Json<T> or Json<T, S> " +
          `(docs/guide/errors.md, "An error format the document shows"), and build again. ${buildAdvice()}`,
      );
    }
    answers.set(key, { entry, write: written[0], status: written[1] });
  }
  return answers;
}
