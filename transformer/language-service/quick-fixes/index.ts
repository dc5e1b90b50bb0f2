import type ts from "typescript";
import { HonestSymbols } from "../../compiler/analyse/honest-symbols.js";
import type { HonestCode } from "../../compiler/diagnostics.js";
import { typescriptFacts } from "../../compiler/facts/typescript-facts.js";
import { nodeSpanning } from "../nodes-at.js";
import { addPathParameter } from "./add-path-parameter.js";
import { declareReturnType } from "./declare-return-type.js";
import { exportClass } from "./export-class.js";
import { combinedEdits } from "./fix-all.js";
import { lowerCaseHeader } from "./lower-case-header.js";
import { makeAsync } from "./make-async.js";
import { markSecret } from "./mark-secret.js";
import type { FixEdits, QuickFix } from "./quick-fix.js";
import { readCurrent } from "./read-current.js";

// honest's quick fixes, each with the codes of the diagnostics it answers
// (docs/setup/editor.md, "Quick fixes"). A code may have several messages
// (TS991007 says a return type is missing, or is not a Promise, or ...); each
// fix checks that the syntax at the diagnostic is the mistake it mends. A fix
// that applies at more than one diagnostic of a file also fixes them all at
// once, as TypeScript's own do: the action carries a fixId, and the editor
// asks for the combined edits by it (docs/setup/editor.md, "Fix all in the file").

/** In the order the editor lists them when several answer one diagnostic. */
const FIXES: readonly QuickFix[] = [addPathParameter, lowerCaseHeader, exportClass, declareReturnType, makeAsync, readCurrent, markSecret];

/** The codes honest can fix, which tsserver lists so that an editor asks for their fixes. */
export const FIXABLE_CODES: readonly number[] = [...new Set(FIXES.flatMap((fix) => fix.codes))];

/** honest's fix ids, which are its fixes' names: `getCombinedCodeFix` answers these. */
export function isHonestFixId(fixId: unknown): boolean {
  return FIXES.some((fix) => fix.name === fixId);
}

export interface FixContext {
  readonly service: ts.LanguageService;
  readonly program: ts.Program;
  readonly fileName: string;
  /** honest's diagnostics in the file. */
  readonly reported: readonly ts.Diagnostic[];
}

export interface FixAt extends FixContext {
  readonly start: number;
  readonly end: number;
  readonly errorCodes: readonly number[];
}

/** A fix offered at a diagnostic. */
export interface OfferedFix {
  readonly fix: QuickFix;
  readonly edits: FixEdits;
  /** Whether the fix applies at another diagnostic of the file too, so that fixing all of them at once is worth offering. */
  readonly elsewhere: boolean;
}

/** The fixes for `here`, diagnostics of one span, in FIXES's order. */
export function fixesFor(context: FixContext, here: readonly ts.Diagnostic[]): OfferedFix[] {
  const fixing = fixer(context);
  const [first] = here;
  if (!fixing || !first) return [];
  const offered: OfferedFix[] = [];
  for (const code of new Set(here.map((diagnostic) => diagnostic.code))) {
    for (const fix of FIXES.filter((candidate) => candidate.codes.includes(code as HonestCode))) {
      const edits = fixing(fix, first);
      if (!edits) continue;
      const elsewhere = context.reported.some(
        (other) => !here.includes(other) && fix.codes.includes(other.code as HonestCode) && fixing(fix, other) !== undefined,
      );
      offered.push({ fix, edits, elsewhere });
    }
  }
  return offered;
}

/** The fixes for honest's diagnostics from `start` to `end` with one of `errorCodes`, each with its fix-all id when another diagnostic of the file takes the same fix. */
export function honestCodeFixes(at: FixAt): ts.CodeFixAction[] {
  const { start, end, errorCodes, reported } = at;
  const here = reported.filter(
    (diagnostic) => diagnostic.start === start && start + (diagnostic.length ?? 0) === end && errorCodes.includes(diagnostic.code),
  );
  return fixesFor(at, here).map(({ fix, edits, elsewhere }) => ({
    fixName: fix.name,
    description: edits.description,
    changes: [...edits.changes],
    ...(elsewhere ? { fixId: fix.name, fixAllDescription: fix.fixAllDescription } : {}),
  }));
}

/** Every diagnostic of the file that the fix named `fixId` answers, fixed at once; a fix whose edits would overlap another's is left for the next time. */
export function honestCombinedCodeFix(context: FixContext, fixId: string): ts.CombinedCodeActions {
  const fix = FIXES.find((candidate) => candidate.name === fixId);
  const fixing = fixer(context);
  if (!fix || !fixing) return { changes: [] };
  const each = context.reported
    .filter((diagnostic) => fix.codes.includes(diagnostic.code as HonestCode))
    .sort((a, b) => (a.start ?? 0) - (b.start ?? 0))
    .map((diagnostic) => fixing(fix, diagnostic))
    .filter((edits): edits is FixEdits => edits !== undefined);
  return { changes: combinedEdits(each) };
}

/** How to run a fix at one of the file's diagnostics, or undefined when the program no longer has the file. */
function fixer({
  service,
  program,
  fileName,
}: FixContext): ((fix: QuickFix, diagnostic: ts.Diagnostic) => FixEdits | undefined) | undefined {
  const file = program.getSourceFile(fileName);
  if (!file) return undefined;
  const symbols = new HonestSymbols(typescriptFacts(program));
  return (fix, diagnostic) => {
    const start = diagnostic.start ?? 0;
    const node = nodeSpanning(file, start, start + (diagnostic.length ?? 0));
    return node ? fix.edits({ program, service, file, node, symbols }) : undefined;
  };
}
