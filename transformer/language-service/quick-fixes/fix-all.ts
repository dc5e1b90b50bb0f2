import type ts from "typescript";
import type { FixEdits } from "./quick-fix.js";

// One fix's edits at several diagnostics of a file, as one set of edits
// against the text as it was (docs/setup/editor.md, "Fix all in the file").
// Edits that two fixes share (the same `Secret` added to the same import)
// are made once; a fix with an edit that would overlap one already taken, or
// land at the same place, is left out whole, so that what is applied is
// what each fix alone would have done.

export function combinedEdits(fixes: readonly FixEdits[]): ts.FileTextChanges[] {
  const taken = new Map<string, ts.TextChange[]>();
  for (const { changes } of fixes) {
    const fits = changes.every(({ fileName, textChanges }) =>
      textChanges.every((change) => (taken.get(fileName) ?? []).every((other) => same(other, change) || !clash(other, change))),
    );
    if (!fits) continue;
    for (const { fileName, textChanges } of changes) {
      const inFile = taken.get(fileName) ?? [];
      for (const change of textChanges) if (!inFile.some((other) => same(other, change))) inFile.push(change);
      taken.set(fileName, inFile);
    }
  }
  return [...taken].map(([fileName, textChanges]) => ({ fileName, textChanges }));
}

function same(a: ts.TextChange, b: ts.TextChange): boolean {
  return a.span.start === b.span.start && a.span.length === b.span.length && a.newText === b.newText;
}

/** Whether two different edits overlap, or start at the same place, where their order would be a guess. */
function clash(a: ts.TextChange, b: ts.TextChange): boolean {
  const aEnd = a.span.start + a.span.length;
  const bEnd = b.span.start + b.span.length;
  return a.span.start === b.span.start || (a.span.start < bEnd && b.span.start < aEnd);
}
