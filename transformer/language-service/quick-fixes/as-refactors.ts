import type ts from "typescript";
import { type FixContext, fixesFor, honestCombinedCodeFix, type OfferedFix } from "./index.js";

// honest's quick fixes offered again as refactors, for VS Code's "Refactor..."
// (Ctrl+Shift+R, or the editor's context menu), where a cursor anywhere in a
// diagnostic's span finds its fixes (docs/setup/editor.md, "Quick fixes").
// VS Code asks for quick fixes only at codes it was told about, once per
// session and without a file; when its first TypeScript file belongs to a
// project without honest (another package of a monorepo), that answer lacks
// honest's codes until the window reloads, and this menu still has them.
// They are offered only when the editor asks for refactors by kind, as
// "Refactor..." does: the plain light bulb (Ctrl+.) asks for every kind at
// once and already lists them as quick fixes, which would show them twice.

/** The name tsserver and the editor know honest's refactor by. */
export const HONEST_REFACTOR = "honest";
/** Its kind, under `refactor.rewrite`: what "Refactor..." asks for (`refactor`) contains it. */
const KIND = "refactor.rewrite.honest";
/** The suffix of the action that fixes every such diagnostic of the file. */
const ALL = ".all";

/** Whether an editor asking for refactors of `kind` wants honest's. */
export function asksForHonestRefactors(kind: string | undefined): boolean {
  return kind !== undefined && (KIND === kind || KIND.startsWith(`${kind}.`));
}

/** honest's fixes for the diagnostics around `range`, as one refactor with an action per fix (and per fix-all). */
export function honestRefactors(context: FixContext, range: ts.TextRange): ts.ApplicableRefactorInfo[] {
  const actions: ts.RefactorActionInfo[] = [];
  for (const { fix, edits, elsewhere } of fixesAround(context, range)) {
    actions.push({ name: fix.name, description: edits.description, kind: KIND });
    if (elsewhere) actions.push({ name: `${fix.name}${ALL}`, description: fix.fixAllDescription, kind: KIND });
  }
  return actions.length === 0 ? [] : [{ name: HONEST_REFACTOR, description: "honest's fixes", actions }];
}

/** The edits of the action named `action` (one of honestRefactors'), asked at the same range. */
export function honestRefactorEdits(context: FixContext, range: ts.TextRange, action: string): ts.RefactorEditInfo | undefined {
  const name = action.endsWith(ALL) ? action.slice(0, -ALL.length) : action;
  const offered = fixesAround(context, range).find(({ fix }) => fix.name === name);
  if (!offered) return undefined;
  return { edits: action === name ? [...offered.edits.changes] : [...honestCombinedCodeFix(context, name).changes] };
}

/** The fixes of honest's diagnostics whose span holds `range`, each fix once. */
function fixesAround(context: FixContext, { pos, end }: ts.TextRange): OfferedFix[] {
  const around = context.reported.filter(
    (diagnostic) => diagnostic.start !== undefined && diagnostic.start <= pos && end <= diagnostic.start + (diagnostic.length ?? 0),
  );
  const offered: OfferedFix[] = [];
  for (const diagnostic of around) {
    const same = around.filter((other) => other.start === diagnostic.start && other.length === diagnostic.length);
    for (const candidate of fixesFor(context, same)) {
      if (!offered.some(({ fix }) => fix === candidate.fix)) offered.push(candidate);
    }
  }
  return offered;
}
