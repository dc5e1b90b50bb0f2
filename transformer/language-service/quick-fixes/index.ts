import type ts from "typescript";
import { HonestSymbols } from "../../compiler/analyse/honest-symbols.js";
import { HonestCode } from "../../compiler/diagnostics.js";
import { typescriptFacts } from "../../compiler/facts/typescript-facts.js";
import { nodeSpanning } from "../nodes-at.js";
import { addPathParameter } from "./add-path-parameter.js";
import { declareReturnType } from "./declare-return-type.js";
import { exportClass } from "./export-class.js";
import { lowerCaseHeader } from "./lower-case-header.js";
import { makeAsync } from "./make-async.js";
import { markSecret } from "./mark-secret.js";
import { readCurrent } from "./read-current.js";
import type { QuickFix } from "./quick-fix.js";

// honest's quick fixes, by the code of the diagnostic each answers
// (docs/setup/editor.md, "In your editor"). A code may have several messages (TS991007
// says a return type is missing, or is not a Promise, or ...); each fix
// checks that the syntax at the diagnostic is the mistake it mends.

const FIXES: ReadonlyMap<HonestCode, readonly QuickFix[]> = new Map([
  [HonestCode.PlaceholderMismatch, [addPathParameter]],
  [HonestCode.HeaderNameCase, [lowerCaseHeader]],
  [HonestCode.ControllerNotExported, [exportClass]],
  [HonestCode.GeneratedModuleImport, [exportClass]],
  [HonestCode.ReturnType, [declareReturnType, makeAsync]],
  [HonestCode.HandlerNotAsyncMethod, [makeAsync]],
  [HonestCode.PerRequestHeld, [readCurrent]],
  [HonestCode.UnmarkedSecret, [markSecret]],
]);

/** The codes honest can fix, which tsserver lists so that an editor asks for their fixes. */
export const FIXABLE_CODES: readonly number[] = [...FIXES.keys()];

export interface FixAt {
  readonly service: ts.LanguageService;
  readonly program: ts.Program;
  readonly fileName: string;
  readonly start: number;
  readonly end: number;
  readonly errorCodes: readonly number[];
  /** honest's diagnostics in the file, of which those from `start` to `end` are fixed. */
  readonly reported: readonly ts.Diagnostic[];
}

export function honestCodeFixes({ service, program, fileName, start, end, errorCodes, reported }: FixAt): ts.CodeFixAction[] {
  const file = program.getSourceFile(fileName);
  if (!file) return [];
  const codes = new Set(
    reported
      .filter(
        (diagnostic) => diagnostic.start === start && start + (diagnostic.length ?? 0) === end && errorCodes.includes(diagnostic.code),
      )
      .map((diagnostic) => diagnostic.code as HonestCode),
  );
  const node = codes.size > 0 ? nodeSpanning(file, start, end) : undefined;
  if (!node) return [];
  const symbols = new HonestSymbols(typescriptFacts(program));
  const fixes: ts.CodeFixAction[] = [];
  for (const code of codes) {
    for (const fix of FIXES.get(code) ?? []) {
      const action = fix({ program, service, file, node, symbols });
      if (action) fixes.push(action);
    }
  }
  return fixes;
}
