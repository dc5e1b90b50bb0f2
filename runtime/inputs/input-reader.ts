import type { Context } from "hono";
import { describe, type BodyError } from "../body/json-checks.js";
import { MAX_ERRORS } from "../body/json-limits.js";
import { refusal, type FailedCheck } from "../errors/failed-check.js";
import { cookieFields } from "./cookie-fields.js";
import { headerFields, headerListItems } from "./header-fields.js";
import { BrokenEscape, type FieldValue, type InputFields } from "./input-fields.js";
import { queryFields } from "./query-fields.js";
import type { TextValue } from "./text-values.js";

// Query<T>, Header<T> and Cookie<T> (README, "Query strings, headers and
// cookies"). The transformer generates one reader per type, which copies each
// declared property into a fresh object through `one` (a scalar) or `many`
// (an array); every fault is gathered, and the request is refused with all
// of them at once, as a body of the wrong shape is.

export type InputSource = "query" | "header" | "cookie" | "form";

/** What the transformer generates for `T`: `(input) => ({ ...declared properties })`. */
export type InputReaderFunction<T> = (input: InputReader) => T;

/** What the transformer generates for a property's constraint types: one `input.refuse` per constraint `value` fails. */
export type ConstraintCheck<T> = (input: InputReader, path: string, value: T) => void;

const FULL = Symbol("full");

export class InputReader {
  readonly faults: BodyError[] = [];

  constructor(
    readonly source: InputSource,
    readonly fields: InputFields,
  ) {}

  /** A scalar property: set on `target` when given once and valid; a fault when missing (and required), repeated or invalid, and one for each constraint it fails. */
  one<T>(target: Record<string, unknown>, name: string, type: TextValue<T>, required: boolean, check?: ConstraintCheck<T>): void {
    const values = this.fields.values(name);
    if (values === undefined || values.length === 0) {
      if (required) this.#fault(name, type.expected, "missing");
    } else if (values.length > 1) {
      this.#fault(name, type.expected, `${values.length} values`);
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
    const given = this.fields.values(name);
    if (given === undefined) {
      if (required) {
        target[name] = [];
        checkArray?.(this, name, []);
      }
      return;
    }
    const values = this.source === "header" ? headerListItems(given) : given;
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

  /** A fault for a value that fails a constraint: `expected` names the constraint (README, "Constraints"). */
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

  #fault(path: string, expected: string, got: string): void {
    if (this.faults.length === MAX_ERRORS) throw FULL;
    this.faults.push({ path: `${this.source}.${path}`, expected, got });
  }
}

const WHAT: Record<InputSource, string> = {
  query: "the query string does not match its declared type",
  header: "the request headers do not match their declared type",
  cookie: "the cookies do not match their declared type",
  form: "the form does not match its declared type",
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

/** `read`'s object of the declared fields, or a 400 listing every fault (`check` is the source). */
export function readInput<T>(source: InputSource, fields: InputFields, read: InputReaderFunction<T>): T {
  const input = new InputReader(source, fields);
  let more = false;
  let value: T | undefined;
  try {
    value = read(input);
  } catch (error) {
    if (error !== FULL) throw error;
    more = true;
  }
  const count = input.faults.length;
  if (count === 0) return value!;
  const check: FailedCheck = source;
  const detail = more
    ? `${WHAT[source]}; the first ${count} errors are listed`
    : `${WHAT[source]} (${count} ${count === 1 ? "error" : "errors"})`;
  throw refusal(check, 400, detail, { errors: input.faults });
}
