import type ts from "typescript";
import { withholdBuildInfo } from "./build-info.js";
import { forgetEarlierDiagnostics, rememberCarrier } from "./cached-diagnostics.js";
import { reemitCreateAppFiles } from "./create-app-files.js";
import type { ProgramIndex } from "../rewrite/rewrite-source-file.js";
import type { PatchedProgram, ProgramFacts } from "./patched-program.js";

// tspc --watch, incremental builds and tsc -b emit only the files that
// changed and replay the diagnostics of the others from a cache (in memory,
// or in tsconfig.tsbuildinfo), while honest's facts are the whole program's.
// So that an app never serves with a route missing and an error never
// outlives its fix (README, "Watch mode and incremental builds"), each
// compilation that emits a file also emits every file with a createApp()
// call, and honest's diagnostics are never replayed from a cache.

const guarded = new WeakSet<ts.Program>();

/**
 * Installs the guard on a program built by tspc, once: `model` analyses the
 * program if need be, `analysed` is its model if it has been.
 */
export function guardPartialBuilds(program: ts.Program, model: () => ProgramIndex, analysed: () => ProgramIndex | undefined): void {
  const patched = program as PatchedProgram;
  if (guarded.has(program) || typeof patched.originalEmit !== "function") return;
  guarded.add(program);
  forgetEarlierDiagnostics(program);
  reemitCreateAppFiles(
    patched,
    () => programFacts(model()),
    (result) => rememberCarrier(program, result),
  );
  withholdBuildInfo(patched, () => (analysed()?.errors.length ?? 0) > 0);
}

function programFacts(model: ProgramIndex): ProgramFacts {
  const createAppFiles = new Set([...model.createAppCalls.keys()].map((call) => call.getSourceFile()));
  return { errors: model.errors, createAppFiles: [...createAppFiles] };
}
