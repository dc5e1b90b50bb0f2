import ts from "typescript";
import { IncrementalDiagnostics } from "../compiler/program/incremental-diagnostics.js";
import { honestQuickInfo } from "./hovers/index.js";
import { listFixableCodes } from "./listed-fix-codes.js";
import { asksForHonestRefactors, HONEST_REFACTOR, honestRefactorEdits, honestRefactors } from "./quick-fixes/as-refactors.js";
import { FIXABLE_CODES, honestCodeFixes, honestCombinedCodeFix, isHonestFixId } from "./quick-fixes/index.js";

// The language-service plugin: tsserver's service for a project, with
// honest's diagnostics added to TypeScript's own, quick fixes for the common
// ones (each with a fix-all where it applies in several places), and hovers
// that say what honest does with a handler's parameters
// (docs/setup/editor.md, "In your editor").
// The analysis is the build's (compiler/program/incremental-diagnostics.ts), so the editor shows
// what tspc reports, at the same places. A fault inside honest never reaches
// tsserver: it is logged, and the file keeps TypeScript's own answers.

type Logger = (message: string) => void;

export function languageServicePlugin(modules: { typescript: typeof ts }): ts.server.PluginModule {
  return {
    create(info) {
      const log: Logger = (message) => info.project.projectService.logger.info(`[honest] ${message}`);
      // Analysis reads syntax kinds and flags from the `typescript` honest loads; another copy may number them differently.
      if (modules.typescript.version !== ts.version) {
        log(
          `off: the editor runs TypeScript ${modules.typescript.version} but honest loads ${ts.version}; ` +
            "select the workspace's TypeScript version in the editor",
        );
        return info.languageService;
      }
      log(`on for ${info.project.getProjectName()}`);
      listFixableCodes(modules.typescript, log);
      return honestLanguageService(info.languageService, log);
    },
  };
}

/** `service` with honest's diagnostics, fixes and hovers added; every other request passes through. */
export function honestLanguageService(service: ts.LanguageService, log: Logger): ts.LanguageService {
  const diagnostics = new IncrementalDiagnostics();
  /** honest's answer, or `fallback` if honest fails: logged, and the next request starts afresh. */
  const guarded = <T>(request: string, fallback: T, answer: () => T): T => {
    try {
      return answer();
    } catch (error) {
      log(`${request} failed, answered without honest: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      diagnostics.reset();
      return fallback;
    }
  };
  const proxy: ts.LanguageService = { ...service };
  proxy.getSemanticDiagnostics = (fileName) => {
    const own = service.getSemanticDiagnostics(fileName);
    return guarded("getSemanticDiagnostics", own, () => {
      const program = service.getProgram();
      const honest = program ? diagnostics.ofFile(program, fileName) : [];
      return honest.length === 0 ? own : [...own, ...honest];
    });
  };
  proxy.getCompilerOptionsDiagnostics = () => {
    const own = service.getCompilerOptionsDiagnostics();
    return guarded("getCompilerOptionsDiagnostics", own, () => {
      const program = service.getProgram();
      const honest = program ? diagnostics.ofSetup(program) : [];
      return honest.length === 0 ? own : [...own, ...honest];
    });
  };
  // Once listFixableCodes has run, TypeScript's own answer holds honest's codes already.
  proxy.getSupportedCodeFixes = (fileName) => [...new Set([...service.getSupportedCodeFixes(fileName), ...FIXABLE_CODES.map(String)])];
  proxy.getCodeFixesAtPosition = (fileName, start, end, errorCodes, formatOptions, preferences) => {
    const theirs = errorCodes.filter((code) => !FIXABLE_CODES.includes(code));
    const own = service.getCodeFixesAtPosition(fileName, start, end, theirs, formatOptions, preferences);
    if (theirs.length === errorCodes.length) return own;
    return guarded("getCodeFixesAtPosition", own, () => {
      const program = service.getProgram();
      if (!program) return own;
      const reported = diagnostics.ofFile(program, fileName);
      const honest = honestCodeFixes({ service, program, fileName, start, end, errorCodes, reported });
      return honest.length === 0 ? own : [...own, ...honest];
    });
  };
  proxy.getCombinedCodeFix = (scope, fixId, formatOptions, preferences) => {
    if (!isHonestFixId(fixId)) return service.getCombinedCodeFix(scope, fixId, formatOptions, preferences);
    return guarded("getCombinedCodeFix", { changes: [] }, () => {
      const program = service.getProgram();
      if (!program) return { changes: [] };
      const reported = diagnostics.ofFile(program, scope.fileName);
      return honestCombinedCodeFix({ service, program, fileName: scope.fileName, reported }, fixId as string);
    });
  };
  proxy.getApplicableRefactors = (fileName, positionOrRange, preferences, triggerReason, kind, ...rest) => {
    const own = service.getApplicableRefactors(fileName, positionOrRange, preferences, triggerReason, kind, ...rest);
    if (!asksForHonestRefactors(kind)) return own;
    return guarded("getApplicableRefactors", own, () => {
      const program = service.getProgram();
      if (!program) return own;
      const reported = diagnostics.ofFile(program, fileName);
      const honest = honestRefactors({ service, program, fileName, reported }, rangeOf(positionOrRange));
      return honest.length === 0 ? own : [...own, ...honest];
    });
  };
  proxy.getEditsForRefactor = (fileName, formatOptions, positionOrRange, refactorName, actionName, preferences, ...rest) => {
    if (refactorName !== HONEST_REFACTOR) {
      return service.getEditsForRefactor(fileName, formatOptions, positionOrRange, refactorName, actionName, preferences, ...rest);
    }
    return guarded("getEditsForRefactor", undefined, () => {
      const program = service.getProgram();
      if (!program) return undefined;
      const reported = diagnostics.ofFile(program, fileName);
      return honestRefactorEdits({ service, program, fileName, reported }, rangeOf(positionOrRange), actionName);
    });
  };
  proxy.getQuickInfoAtPosition = (fileName, position, ...rest) => {
    const own = service.getQuickInfoAtPosition(fileName, position, ...rest);
    if (!own) return own;
    return guarded("getQuickInfoAtPosition", own, () => {
      const program = service.getProgram();
      return program ? honestQuickInfo(program, fileName, position, own) : own;
    });
  };
  return proxy;
}

/** A position as the empty range at it. */
function rangeOf(positionOrRange: number | ts.TextRange): ts.TextRange {
  return typeof positionOrRange === "number" ? { pos: positionOrRange, end: positionOrRange } : positionOrRange;
}
