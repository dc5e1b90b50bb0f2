import type ts from "typescript";
import { FIXABLE_CODES } from "./quick-fixes/index.js";

// VS Code asks tsserver which codes it can fix once, without naming a file
// (`getSupportedCodeFixes` with no arguments), keeps the answer for the
// session, and asks for fixes only at diagnostics with those codes. Without
// a file, tsserver answers from TypeScript's own registry of code fixes and
// asks no project, so no plugin (docs/setup/editor.md, "Quick fixes"). The
// plugin therefore enters honest's codes in that registry of the tsserver's
// TypeScript, as other plugins do (Effect's language service, roblox-ts's
// extensions); the entry answers no fix itself: the plugin's
// getCodeFixesAtPosition does, in the projects it serves.

type Logger = (message: string) => void;

interface CodeFixRegistry {
  registerCodeFix(registration: { errorCodes: readonly number[]; getCodeActions(): undefined }): void;
}

/** Enters honest's fixable codes in `typescript`'s list of codes with a fix, once per tsserver; says so in the log. */
export function listFixableCodes(typescript: typeof ts, log: Logger): void {
  try {
    listMissing(typescript, log);
  } catch (error) {
    log(`quick fixes: listing honest's codes failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  }
}

function listMissing(typescript: typeof ts, log: Logger): void {
  const listed = new Set(typescript.getSupportedCodeFixes());
  const missing = FIXABLE_CODES.filter((code) => !listed.has(String(code)));
  if (missing.length === 0) return;
  // `codefix` is TypeScript's own, absent from its declarations; a TypeScript without it leaves the fixes to editors that name a file.
  const registry = (typescript as unknown as { codefix?: Partial<CodeFixRegistry> }).codefix;
  if (typeof registry?.registerCodeFix !== "function") {
    log(
      "quick fixes: this TypeScript has no code fix registry; VS Code, which asks for the fixable codes without a file, offers honest's fixes in Refactor... only",
    );
    return;
  }
  registry.registerCodeFix({ errorCodes: missing, getCodeActions: () => undefined });
  log(`quick fixes: listed ${missing.map((code) => `TS${code}`).join(", ")} among the codes tsserver can fix`);
}
