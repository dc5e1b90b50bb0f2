import type ts from "typescript";
import type { ProgramIndex } from "../../compiler/rewrite/rewrite-source-file.js";
import { withholdBuildInfo } from "./build-info.js";
import { emptiedCarriersRemain, withFreshDiagnostics } from "./cached-diagnostics.js";
import { withCreateAppFiles } from "./create-app-files.js";
import type { AnalysisSummary, Emit, PatchedProgram } from "./patched-program.js";

// tspc --watch, incremental builds and tsc -b emit only the files that
// changed and replay the diagnostics of the others from a cache (in memory,
// or in tsconfig.tsbuildinfo), while honest's facts are the whole program's.
// So that an app never serves with a route missing and an error never
// outlives its fix (docs/setup/watch-mode.md, "Watch mode and incremental builds"), each
// compilation that emits a file also emits every file with a createApp()
// call, and honest's diagnostics are never replayed from a stale cache.

const guarded = new WeakSet<ts.Program>();

/**
 * Installs the guard on a program built by tspc, once: `model` analyses the
 * program if need be, `analysed` is its model if it has been;
 * `pluginDiagnostics` is ts-patch's list of the program's plugin diagnostics.
 */
export function guardPartialBuilds(
  program: ts.Program,
  model: () => ProgramIndex,
  analysed: () => ProgramIndex | undefined,
  pluginDiagnostics: ts.Diagnostic[] | undefined,
): void {
  const patched = program as PatchedProgram;
  if (guarded.has(program) || typeof patched.originalEmit !== "function") return;
  guarded.add(program);
  const emit: Emit = withCreateAppFiles(program, patched.originalEmit, () => analysisSummary(model()));
  patched.originalEmit = withFreshDiagnostics(program, emit, pluginDiagnostics);
  withholdBuildInfo(patched, () => (analysed()?.errors.length ?? 0) > 0 || emptiedCarriersRemain(program));
}

function analysisSummary(model: ProgramIndex): AnalysisSummary {
  const createAppFiles = new Set([...model.createAppCalls.keys()].map((call) => call.getSourceFile()));
  return { errors: model.errors, createAppFiles: [...createAppFiles] };
}
