import ts from "typescript";
import type { PathValueType } from "../model.js";

// The table of path parameter types (README, "Path parameter types"), read
// from the type checker.
// Returns undefined for a type honest cannot parse from a path segment.

export function pathValueType(type: ts.Type): PathValueType | undefined {
  const flags = type.flags;
  if (flags & ts.TypeFlags.BigInt) return { kind: "i64" };
  if (flags & ts.TypeFlags.Number) return { kind: "number" };
  if (flags & ts.TypeFlags.String) return { kind: "string" };
  if (flags & ts.TypeFlags.Boolean) return { kind: "boolean" };
  const members = type.isUnion() ? type.types : [type];
  const values: (string | number)[] = [];
  for (const member of members) {
    if (!member.isStringLiteral() && !member.isNumberLiteral()) return undefined;
    values.push(member.value);
  }
  return { kind: "literals", values };
}
