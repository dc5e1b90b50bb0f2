import { keySuffix } from "../common/key-path.js";
import { EXPECTED_OF_KIND, type ScalarKind } from "../common/value-description.js";
import { type BodyFaults, type BodyReporter, i64Of, numberOf } from "./json-checks.js";
import { dateTimeOf } from "./formats.js";

// A reporter runs only for a body its parser refused, so most of it is data
// this file reads rather than code generated per type: an object's reporter
// is one call to reportObject with its properties as a list
// (docs/how-it-works.md, "The compiler"). Shapes the list cannot say (unions,
// tuples, constrained values, index signatures) keep a reporter of their own,
// which the list names.

/**
 * How to find a value's faults: a scalar kind; a named type's reporter (one
 * level deeper); `{ inPlace }`, the reporter of a shape written in place (at
 * the same depth); `{ items }`, an array of such values; or `{ secret }`, a
 * `Secret<T>` property's, whose faults say what kind of value came, never
 * the value (docs/guide/json-bodies-and-responses.md, "Secrets").
 */
export type FaultShape =
  | ScalarKind
  | BodyReporter
  | { readonly inPlace: BodyReporter }
  | { readonly items: FaultShape }
  | { readonly secret: FaultShape };

/** A property: its name, its shape, and `true` when it may be absent. */
export type FaultProperty = readonly [name: string, shape: FaultShape, mayBeAbsent?: boolean];

/** Names every object inherits: read only when the object has its own. */
const INHERITED = new Set(Object.getOwnPropertyNames(Object.prototype));

/**
 * Adds the faults of an object with these properties, in their order; `object` alone when it is no object.
 * `depth` is the reporter's own, which generated code leaves out when no property names a reporter.
 */
export function reportObject(input: unknown, path: string, errors: BodyFaults, properties: readonly FaultProperty[], depth = 0): void {
  if (typeof input !== "object" || input === null || Array.isArray(input)) {
    errors.add(path, "object", input);
    return;
  }
  const object = input as Record<string, unknown>;
  for (const [name, shape, mayBeAbsent] of properties) {
    const value = INHERITED.has(name) && !Object.hasOwn(object, name) ? undefined : object[name];
    if (mayBeAbsent && value === undefined) continue;
    reportFaults(value, path + keySuffix(name), errors, shape, depth);
  }
}

/** Adds the faults of `value` against `shape`; `depth` as for reportObject. */
export function reportFaults(value: unknown, path: string, errors: BodyFaults, shape: FaultShape, depth = 0): void {
  if (typeof shape === "function") shape(value, path, errors, depth + 1);
  else if (typeof shape === "string") {
    if (!isOf(shape, value)) errors.add(path, EXPECTED_OF_KIND[shape], value);
  } else if ("inPlace" in shape) shape.inPlace(value, path, errors, depth);
  else if ("secret" in shape) errors.secretly(() => reportFaults(value, path, errors, shape.secret, depth));
  else if (!Array.isArray(value)) errors.add(path, "array", value);
  else for (let i = 0; i < value.length; i++) reportFaults(value[i], path + "[" + i + "]", errors, shape.items, depth);
}

function isOf(kind: ScalarKind, value: unknown): boolean {
  switch (kind) {
    case "string":
    case "boolean":
      return typeof value === kind;
    case "null":
      return value === null;
    case "number":
      return numberOf(value) !== undefined;
    case "bigint":
      return i64Of(value) !== undefined;
    case "date":
      return dateTimeOf(value) !== undefined;
    default:
      return true;
  }
}
