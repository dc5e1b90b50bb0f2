import type { Context } from "hono";
import type { BodyFault } from "../errors/error-answers.js";
import { describe } from "../body/json-checks.js";
import { MAX_ERRORS } from "../body/json-limits.js";
import { refusal, type FailedCheck } from "../errors/failed-check.js";
import { cookieFields } from "./cookie-fields.js";
import { headerFields, headerListItems } from "./header-fields.js";
import { BrokenEscape, type FieldValue, type InputFields } from "./input-fields.js";
import { queryFields } from "./query-fields.js";
import type { TextValue } from "./text-values.js";

// Query<T>, Header<T> and Cookie<T> (docs/guide/query-headers-cookies.md, "Query strings, headers and
// cookies"). The transformer generates one reader per type, which copies each
// declared property into a fresh object through `one` (a scalar) or `many`
// (an array); every fault is gathered, and the request is refused with all
// of them at once, as a body of the wrong shape is.

/** Where a `Query<T>`, `Header<T>`, `Cookie<T>` or `Form<T>` parameter's values come from; a form is the request body. The compiler's model uses this type. */
export type InputSource = "query" | "header" | "cookie" | "form";

/** What an InputReader reads: a request's input, or the environment variables of an `Env<T>` field (docs/guide/configuration.md, "Configuration"). */
export type ReadSource = InputSource | "env";

/** What the transformer generates for `T`: `(input) => ({ ...declared properties })`. */
export type InputReaderFunction<T> = (input: InputReader) => T;

/** What the transformer generates for a property's constraint types: one `input.refuse` per constraint `value` fails. */
export type ConstraintCheck<T> = (input: InputReader, path: string, value: T) => void;

const FULL = Symbol("full");

/** What a fault says it got for a `Secret<T>` that was given. */
export const SECRET_NOT_SHOWN = "a secret value (not shown)";

export class InputReader {
  /** Names whose values a fault never shows (`Secret<T>`). */
  #secrets: Set<string> | undefined;
  /** The text read for a name nothing gives: an `Env<T>` default, as its variable would be written. */
  #defaults: Map<string, string> | undefined;

  constructor(
    readonly source: ReadSource,
    readonly fields: InputFields,
    /** Shared by the readers of one request, so that its query, headers and cookies are refused together. */
    readonly faults: BodyFault[] = [],
  ) {}

  /** A scalar property: set on `target` when given once and valid; a fault when missing (and required), repeated or invalid, and one for each constraint it fails. */
  one<T>(target: Record<string, unknown>, name: string, type: TextValue<T>, required: boolean, check?: ConstraintCheck<T>): void {
    const values = this.#given(name);
    if (values === undefined || values.length === 0) {
      if (required) this.#fault(name, type.expected, "missing", false);
    } else if (values.length > 1) {
      this.#fault(name, type.expected, `${values.length} values`, false);
    } else {
      const value = this.#parse(name, values[0]!, type);
      if (value === undefined) return;
      check?.(this, name, value);
      target[name] = value;
    }
  }

  /** An array property: every value given, in order; `[]` for none when required, absent when optional. `check` applies to each value, `checkArray` to the array. */
  many<T>(
    target: Record<string, unknown>,
    name: string,
    type: TextValue<T>,
    required: boolean,
    check?: ConstraintCheck<T>,
    checkArray?: ConstraintCheck<T[]>,
  ): void {
    const given = this.#given(name);
    if (given === undefined) {
      if (required) {
        target[name] = [];
        checkArray?.(this, name, []);
      }
      return;
    }
    // An environment variable, like a header, holds a list as comma-separated items.
    const values = this.source === "header" || this.source === "env" ? headerListItems(given) : given;
    const items: T[] = [];
    let valid = true;
    for (let index = 0; index < values.length; index++) {
      const path = `${name}[${index}]`;
      const value = this.#parse(path, values[index]!, type);
      if (value === undefined) valid = false;
      else {
        check?.(this, path, value);
        if (valid) items.push(value);
      }
    }
    if (!valid) return;
    checkArray?.(this, name, items);
    target[name] = items;
  }

  /** `name`'s value is a `Secret<T>`: its faults say what was expected, never what was got. */
  secret(name: string): void {
    (this.#secrets ??= new Set()).add(name);
  }

  /** `text` is read for `name` when nothing gives it, and parsed and checked as a given value is. */
  otherwise(name: string, text: string): void {
    (this.#defaults ??= new Map()).set(name, text);
  }

  #given(name: string): readonly FieldValue[] | undefined {
    const values = this.fields.values(name);
    if (values !== undefined || this.#defaults === undefined) return values;
    const fallback = this.#defaults.get(name);
    return fallback === undefined ? undefined : [fallback];
  }

  /** A fault for a value that fails a constraint: `expected` names the constraint (docs/guide/constraints.md, "Constraints"). */
  refuse(path: string, expected: string, value: unknown): void {
    this.#fault(path, expected, describe(value));
  }

  #parse<T>(path: string, value: FieldValue, type: TextValue<T>): T | undefined {
    if (value instanceof BrokenEscape) {
      this.#fault(path, type.expected, `broken percent-encoding ${describe(value.raw)}`);
      return undefined;
    }
    const parsed = typeof value === "string" ? type.parse(value) : type.parseFile?.(value);
    if (parsed === undefined)
      this.#fault(path, type.expected, typeof value === "string" ? describe(value) : `file ${describe(value.name)}`);
    return parsed;
  }

  /** `ofValue`: `got` describes a value given, which a `Secret<T>`'s fault does not show ("missing" and "2 values" show nothing). */
  #fault(path: string, expected: string, got: string, ofValue = true): void {
    if (this.faults.length === MAX_ERRORS) throw FULL;
    const shown = ofValue && this.#secrets?.has(path.replace(/\[\d+\]$/, "")) ? SECRET_NOT_SHOWN : got;
    // An environment variable is named as it is set, without a source in front.
    this.faults.push({ path: this.source === "env" ? path : `${this.source}.${path}`, expected, got: shown });
  }
}

/** What `detail` says did not match, per source. */
const SUBJECT: Record<InputSource, string> = {
  query: "the query string",
  header: "the request headers",
  cookie: "the cookies",
  form: "the form",
};

/** `Query<T>`: the query string, read once from the request's URL. */
export function readQuery<T>(c: Context, read: InputReaderFunction<T>): T {
  return readInput("query", queryFields(c.req.url), read);
}

/** `Header<T>`: the request's headers by lower-case name. */
export function readHeaders<T>(c: Context, read: InputReaderFunction<T>): T {
  return readInput("header", headerFields(c), read);
}

/** `Cookie<T>`: the cookies of the request's `cookie` header. */
export function readCookies<T>(c: Context, read: InputReaderFunction<T>): T {
  return readInput("cookie", cookieFields(headerFields(c)), read);
}

/** What readInputs read: the declared fields of each source it was given a reader for. */
export interface ReadInputs {
  readonly query: unknown;
  readonly header: unknown;
  readonly cookie: unknown;
}

/**
 * A route's `Query<T>`, `Header<T>` and `Cookie<T>` (readers for those it
 * declares), or one 400 listing every fault of all of them, each path naming
 * its source (`query.limit`, `header.x-request-id`): a bad query string does
 * not hide a bad header.
 */
export function readInputs(
  c: Context,
  query: InputReaderFunction<unknown> | undefined,
  header: InputReaderFunction<unknown> | undefined,
  cookie: InputReaderFunction<unknown> | undefined,
): ReadInputs {
  const faults: BodyFault[] = [];
  const failed: InputSource[] = [];
  const values = { query: undefined as unknown, header: undefined as unknown, cookie: undefined as unknown };
  let more = false;
  try {
    if (query) values.query = readSource(query, "query", queryFields(c.req.url), faults, failed);
    if (header || cookie) {
      // The headers looked up once, for both.
      const headers = headerFields(c);
      if (header) values.header = readSource(header, "header", headers, faults, failed);
      if (cookie) values.cookie = readSource(cookie, "cookie", cookieFields(headers), faults, failed);
    }
  } catch (error) {
    if (error !== FULL) throw error;
    more = true;
  }
  if (faults.length === 0) return values;
  throw inputRefusal(failed, faults, more);
}

/** `read`'s object, noting the source in `failed` if it added faults (also when it stopped at MAX_ERRORS). */
function readSource(
  read: InputReaderFunction<unknown>,
  source: InputSource,
  fields: InputFields,
  faults: BodyFault[],
  failed: InputSource[],
): unknown {
  const before = faults.length;
  try {
    return read(new InputReader(source, fields, faults));
  } finally {
    if (faults.length > before) failed.push(source);
  }
}

/** One source's declared fields (a `Form<T>`'s too), or a 400 listing every fault. */
export function readInput<T>(source: InputSource, fields: InputFields, read: InputReaderFunction<T>): T {
  const faults: BodyFault[] = [];
  let more = false;
  let value: T | undefined;
  try {
    value = read(new InputReader(source, fields, faults));
  } catch (error) {
    if (error !== FULL) throw error;
    more = true;
  }
  if (faults.length === 0) return value!;
  throw inputRefusal([source], faults, more);
}

/** The 400 for `faults`; its `check` is the first source that failed, in the order they are read. */
function inputRefusal(failed: readonly InputSource[], faults: readonly BodyFault[], more: boolean) {
  const subjects = failed.map((source) => SUBJECT[source]);
  const subject = subjects.length === 1 ? subjects[0]! : `${subjects.slice(0, -1).join(", ")} and ${subjects.at(-1)}`;
  const what =
    failed.length > 1
      ? `${subject} do not match their declared types`
      : failed[0] === "query" || failed[0] === "form"
        ? `${subject} does not match its declared type`
        : `${subject} do not match their declared type`;
  const count = faults.length;
  const detail = more ? `${what}; the first ${count} errors are listed` : `${what} (${count} ${count === 1 ? "error" : "errors"})`;
  const check: FailedCheck = failed[0]!;
  return refusal(check, 400, detail, { errors: faults });
}

/**
 * An `Env<T>` field's variables read from `fields`, their faults added to `faults` (the app's, so that one refusal
 * names every variable of every field); `undefined` when it had any, or when `faults` was already full.
 */
export function readVariables<T>(read: InputReaderFunction<T>, fields: InputFields, faults: BodyFault[]): T | undefined {
  const before = faults.length;
  try {
    const value = read(new InputReader("env", fields, faults));
    return faults.length === before ? value : undefined;
  } catch (error) {
    if (error !== FULL) throw error;
    return undefined;
  }
}
