import type { CompilerFacts, FactType } from "../facts/compiler-facts.js";

// The order honest gives a union's members, the same whichever compiler
// answers (docs/reference/choices.md, "Choices where the spec is silent"). TypeScript 6 orders
// them as its checker happened to create them (usually as written, but not
// when a literal was met earlier elsewhere), TypeScript 7 by comparing the
// types: the order reaches generated checks, error messages and the OpenAPI
// document, which must not depend on which compiler ran or on what else the
// program holds. So: string literals, then number literals, then `false`,
// `true`, each by value; then every other type by its printed name; `null`
// and `undefined` last. Types that print alike keep the compiler's order.

export function inUnionOrder(facts: CompilerFacts, members: readonly FactType[]): FactType[] {
  const { TypeFlags } = facts.flags;
  const rank = (member: FactType): number => {
    const flags = facts.typeFlags(member);
    if (flags & TypeFlags.StringLiteral) return 0;
    if (flags & TypeFlags.NumberLiteral) return 1;
    if (flags & TypeFlags.BooleanLiteral) return 2;
    if (flags & TypeFlags.Null) return 4;
    if (flags & (TypeFlags.Undefined | TypeFlags.Void)) return 5;
    return 3;
  };
  const keyed = members.map((member, index) => {
    const order = rank(member);
    const value = order <= 2 ? facts.literalValue(member) : facts.typeText(member, { noTruncation: true });
    return { member, index, order, value: typeof value === "boolean" ? Number(value) : (value ?? "") };
  });
  keyed.sort((a, b) => a.order - b.order || compare(a.value, b.value) || a.index - b.index);
  return keyed.map((entry) => entry.member);
}

function compare(a: string | number, b: string | number): number {
  if (typeof a === "number" && typeof b === "number") return a - b;
  const left = String(a);
  const right = String(b);
  return left < right ? -1 : left > right ? 1 : 0;
}
