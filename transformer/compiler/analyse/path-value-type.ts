import type { PathValueType } from "../model.js";
import { inUnionOrder } from "./union-order.js";
import type { CompilerFacts, FactType } from "../facts/compiler-facts.js";
import { isDateType } from "./date-type.js";

// The table of path parameter types (docs/guide/path-parameters.md, "Path parameter types"), read
// from the compiler's facts.
// Returns undefined for a type honest cannot parse from a path segment.

export function pathValueType(facts: CompilerFacts, type: FactType): PathValueType | undefined {
  const { TypeFlags } = facts.flags;
  const flags = facts.typeFlags(type);
  if (flags & TypeFlags.BigInt) return { kind: "i64" };
  if (flags & TypeFlags.Number) return { kind: "number" };
  if (flags & TypeFlags.String) return { kind: "string" };
  if (flags & TypeFlags.Boolean) return { kind: "boolean" };
  if (isDateType(facts, type)) return { kind: "date" };
  const values: (string | number)[] = [];
  for (const member of inUnionOrder(facts, facts.unionMembers(type) ?? [type])) {
    if (!(facts.typeFlags(member) & (TypeFlags.StringLiteral | TypeFlags.NumberLiteral))) return undefined;
    values.push(facts.literalValue(member) as string | number);
  }
  return { kind: "literals", values };
}
