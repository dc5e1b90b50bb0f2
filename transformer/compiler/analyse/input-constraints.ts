import type { HonestMessage } from "../diagnostics.js";
import type { Constraint, JsonShape, PathValueType } from "../model.js";
import type { FactType } from "../facts/compiler-facts.js";
import { type ConstraintRead, type ConstraintReader, constraintMistakes } from "./json-constraints.js";

// Constraint types on a property of `Query<T>`, `Header<T>` or `Cookie<T>`
// (docs/guide/constraints.md, "Constraints"): `number & Integer & Minimum<1>` on a value,
// `string[] & MaxItems<10>` on the values of a repeated key. Read and judged
// by the same rules as in Json<T> bodies (json-constraints.ts), so a misuse
// reads the same wherever it is written.

export type ValidConstraint = { readonly constraint: Constraint; readonly text: string };

/** A type with its constraint members taken out: `number & Integer` is `number` and [Integer]. */
export interface SplitType {
  readonly base: FactType;
  readonly reads: readonly ConstraintRead[];
}

/** The intersection's members that are not honest's constraints, when there is exactly one, and its constraints. */
export function splitConstraints(reader: ConstraintReader, type: FactType): SplitType {
  const members = reader.symbols.facts.intersectionMembers(type);
  if (!members) return { base: type, reads: [] };
  const reads: ConstraintRead[] = [];
  const others: FactType[] = [];
  for (const member of members) {
    const read = reader.read(member);
    if (read) reads.push(read);
    else others.push(member);
  }
  return { base: others.length === 1 && reads.length > 0 ? others[0]! : type, reads };
}

/** Why these constraints cannot apply: an argument honest cannot check, a constraint for another kind of value, or a pair no value meets. */
export function inputConstraintMistakes(reads: readonly ConstraintRead[], shape: JsonShape): HonestMessage[] {
  const misused = reads.flatMap((read) => ("mistake" in read ? [read.mistake] : []));
  if (misused.length > 0) return misused;
  return constraintMistakes(shape, reads as readonly ValidConstraint[]);
}

/** What a value read from text is, in the terms constraint diagnostics use. */
export function textValueShape(type: PathValueType): JsonShape {
  switch (type.kind) {
    case "i64":
      return { kind: "bigint" };
    case "literals":
      return type.values.length === 1
        ? { kind: "literal", value: type.values[0]! }
        : { kind: "union", members: type.values.map((value) => ({ kind: "literal", value })) };
    default:
      return { kind: type.kind };
  }
}
