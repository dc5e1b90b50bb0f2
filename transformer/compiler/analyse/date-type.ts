import type { CompilerFacts, FactType } from "../facts/compiler-facts.js";

// `Date`, the standard library's (docs/guide/json-bodies-and-responses.md,
// "Dates"): written as an RFC 3339 date-time wherever JSON or text carries
// it. Recognised as the global `Date`'s own type, not by its name, so a class
// of the program named Date stays an object; asked of the compiler once per
// program (TypeScript 7 answers each question over IPC).

/** The global `Date` type of each program's facts, null where the program's libraries declare none. */
const globalDates = new WeakMap<CompilerFacts, FactType | null>();

export function isDateType(facts: CompilerFacts, type: FactType): boolean {
  if (!(facts.typeFlags(type) & facts.flags.TypeFlags.Object)) return false;
  const symbol = facts.typeSymbol(type);
  if (symbol === undefined || facts.symbolName(symbol) !== "Date") return false;
  let global = globalDates.get(facts);
  if (global === undefined) {
    const found = facts.globalTypeSymbol("Date");
    global = found === undefined ? null : facts.declaredTypeOfSymbol(found);
    globalDates.set(facts, global);
  }
  return global === type;
}
