import ts from "typescript";
import { isIdentifierName } from "../../../runtime/common/key-path.js";
import { call, conditional, eq, id, memberAccess, or, str, undef } from "../factories/nodes.js";

// Reading and naming an object's keys in generated code.

/** Keys a body never passes on: they could reach a prototype. */
export const RESERVED_KEYS = ["__proto__", "constructor"] as const;

const INHERITED = new Set(Object.getOwnPropertyNames(Object.prototype));

/**
 * `input.name`, or `Object.hasOwn(input, "toString") ? input.toString : undefined`
 * for a name every object inherits, so a missing property reads as missing.
 */
export function readProperty(input: ts.Expression, name: string): ts.Expression {
  if (!INHERITED.has(name)) return memberAccess(input, name);
  const hasOwn = call(ts.factory.createPropertyAccessExpression(id("Object"), "hasOwn"), input, str(name));
  return conditional(hasOwn, memberAccess(input, name), undef());
}

/** Whether `key` is one of `names` (declared properties, or reserved keys). */
export function isOneOf(key: ts.Expression, names: readonly string[]): ts.Expression {
  return names.map((name) => eq(key, str(name))).reduce((left, right) => or(left, right));
}

/** A property assignment for an object literal; `__proto__` is written computed so it stays an own property. */
export function propertyAssignment(name: string, value: ts.Expression): ts.PropertyAssignment {
  const f = ts.factory;
  const key = name === "__proto__" ? f.createComputedPropertyName(str(name)) : isIdentifierName(name) ? id(name) : str(name);
  return f.createPropertyAssignment(key, value);
}
