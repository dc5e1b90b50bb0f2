import type ts from "typescript";
import type { Nodes } from "../factories/nodes.js";

// Reading and naming an object's keys in generated code.

/** Keys a body never passes on: they could reach a prototype. */
export const RESERVED_KEYS = ["__proto__", "constructor"] as const;

const INHERITED = new Set(Object.getOwnPropertyNames(Object.prototype));

/**
 * `input.name`, or `Object.hasOwn(input, "toString") ? input.toString : undefined`
 * for a name every object inherits, so a missing property reads as missing.
 */
export function readProperty(nodes: Nodes, input: ts.Expression, name: string): ts.Expression {
  const { memberAccess, call, prop, id, str, conditional, undef } = nodes;
  if (!INHERITED.has(name)) return memberAccess(input, name);
  const hasOwn = call(prop(id("Object"), "hasOwn"), input, str(name));
  return conditional(hasOwn, memberAccess(input, name), undef());
}

/** Whether `key` is one of `names` (declared properties, or reserved keys). */
export function isOneOf(nodes: Nodes, key: ts.Expression, names: readonly string[]): ts.Expression {
  const { eq, or, str } = nodes;
  return names.map((name) => eq(key, str(name))).reduce((left, right) => or(left, right));
}
