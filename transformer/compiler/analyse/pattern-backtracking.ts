import { analyse, type Report } from "scslre";
import type { HonestMessage } from "../diagnostics.js";
import { type BacktrackingCause, messages } from "../diagnostic-messages.js";
import type { Constraint } from "../model.js";

// A Pattern whose regular expression can backtrack on a hostile value
// (docs/guide/constraints.md, "Constraints"): JavaScript's engine backtracks, so `^(a+)+$` on
// thirty `a`s and a `!` takes seconds, and `\d+x` on a long run of digits
// takes time quadratic in its length. scslre (the analysis behind
// eslint-plugin-regexp's no-super-linear-backtracking and
// no-super-linear-move rules) finds the quantifiers that do it, and often
// the equivalent expression that does not.
//
// Exponential backtracking is refused whatever the bound. Polynomial
// backtracking is refused unless a MaxLength of at most
// MAX_LENGTH_FOR_POLYNOMIAL bounds the value: the bound is checked before
// the pattern, so the pattern never sees a longer value.

/** The longest value a polynomially backtracking pattern may be given: even a cubic one then matches in about 2 ms. */
export const MAX_LENGTH_FOR_POLYNOMIAL = 256;

/** Why the constraints' Pattern can take more than linear time, or undefined. */
export function backtrackingMistake(
  reads: readonly { readonly constraint: Constraint; readonly text: string }[],
): HonestMessage | undefined {
  const pattern = reads.find((read) => read.constraint.kind === "pattern");
  if (pattern === undefined || pattern.constraint.kind !== "pattern") return undefined;
  const maxLength = reads.find((read) => read.constraint.kind === "maxLength")?.constraint as { readonly value: number } | undefined;
  const { reports } = analyse({ source: pattern.constraint.source, flags: "u" });
  const exponential = reports.find((report) => report.exponential);
  if (exponential) {
    return messages.BacktrackingPattern.exponential({ pattern: pattern.text, cause: cause(exponential), fix: fix(exponential) });
  }
  const [polynomial] = reports;
  if (polynomial === undefined || (maxLength !== undefined && maxLength.value <= MAX_LENGTH_FOR_POLYNOMIAL)) return undefined;
  return messages.BacktrackingPattern.polynomial({
    pattern: pattern.text,
    maxLength: maxLength?.value,
    limit: MAX_LENGTH_FOR_POLYNOMIAL,
    cause: cause(polynomial),
    fix: fix(polynomial),
  });
}

/** What in the expression backtracks, and on what input. */
function cause(report: Report): BacktrackingCause {
  const run = report.character.pick;
  switch (report.type) {
    case "Self":
      return { kind: "nested", quantifier: report.quant.raw, outer: report.parentQuant.raw, run };
    case "Trade":
      return { kind: "overlapping", first: report.startQuant.raw, second: report.endQuant.raw, run };
    case "Move":
      return { kind: "unanchored", quantifier: report.quant.raw, run };
  }
}

/** The expression scslre proves equivalent and free of this backtracking, where it finds one. */
function fix(report: Report): string | undefined {
  return report.fix()?.source;
}
