import { analyse, type Report } from "scslre";
import type { Constraint } from "../model.js";

// A Pattern whose regular expression can backtrack on a hostile value
// (README, "Constraints"): JavaScript's engine backtracks, so `^(a+)+$` on
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
export function backtrackingProblem(reads: readonly { readonly constraint: Constraint; readonly text: string }[]): string | undefined {
  const pattern = reads.find((read) => read.constraint.kind === "pattern");
  if (pattern === undefined || pattern.constraint.kind !== "pattern") return undefined;
  const maxLength = reads.find((read) => read.constraint.kind === "maxLength")?.constraint as { readonly value: number } | undefined;
  const { reports } = analyse({ source: pattern.constraint.source, flags: "u" });
  const exponential = reports.find((report) => report.exponential);
  if (exponential) {
    return (
      `has ${pattern.text}, whose regular expression backtracks exponentially: ${cause(exponential)}, so a value of a few dozen ` +
      `characters can hold the server for seconds, whatever its MaxLength; ${rewrite(exponential, "rewrite it so that each character can be matched in one way only")}`
    );
  }
  const [polynomial] = reports;
  if (polynomial === undefined || (maxLength !== undefined && maxLength.value <= MAX_LENGTH_FOR_POLYNOMIAL)) return undefined;
  const bound = maxLength === undefined ? "" : ` and MaxLength<${maxLength.value}>`;
  return (
    `has ${pattern.text}${bound}, whose regular expression backtracks polynomially: ${cause(polynomial)}, so a long value takes ` +
    `time that grows with the square of its length or faster; add MaxLength<${MAX_LENGTH_FOR_POLYNOMIAL}> or less (checked before the pattern), ` +
    `or ${rewrite(polynomial, "rewrite it so that no two repetitions can match the same run of characters")}`
  );
}

/** What in the expression backtracks, and on what input. */
function cause(report: Report): string {
  const run = `a run of ${JSON.stringify(report.character.pick)}`;
  switch (report.type) {
    case "Self":
      return `/${report.quant.raw}/ inside /${report.parentQuant.raw}/ can split ${run} in many ways`;
    case "Trade":
      return `/${report.startQuant.raw}/ and /${report.endQuant.raw}/ can both match ${run}`;
    case "Move":
      return `/${report.quant.raw}/ is tried from every position of ${run}, since the expression is not anchored with ^`;
  }
}

/** The expression scslre proves equivalent and free of this backtracking, where it finds one. */
function rewrite(report: Report, otherwise: string): string {
  const fixed = report.fix();
  return fixed ? `write Pattern<${JSON.stringify(fixed.source)}>, which matches the same strings` : otherwise;
}
