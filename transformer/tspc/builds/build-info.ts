import { rmSync } from "node:fs";
import ts from "typescript";
import type { PatchedProgram } from "./patched-program.js";

// An incremental build (and tsc -b) starts from tsconfig.tsbuildinfo, which
// holds each file's emit diagnostics as they were when it was last emitted,
// and replays them for the files it does not emit: honest's errors there
// would outlive their fix, or vanish while still true. So a build whose
// program has honest errors leaves no tsbuildinfo (deleting an older one):
// the next build starts afresh and reports them again, or finds them gone.
// A tsbuildinfo written by a build without honest errors holds none. (In
// watch mode the same holds while the builder's cache keeps an array honest
// emptied, which TypeScript cannot write: until each file that carried
// honest's errors is emitted again, a restart is a full build.)

/** `withhold`: whether this build must leave no tsbuildinfo. */
export function withholdBuildInfo(program: PatchedProgram, withhold: () => boolean): void {
  const emitBuildInfo = program.emitBuildInfo;
  if (typeof emitBuildInfo !== "function") return;
  program.emitBuildInfo = (writeFile, cancellationToken) => {
    if (!withhold()) return emitBuildInfo.call(program, writeFile, cancellationToken);
    const buildInfo = ts.getTsBuildInfoEmitOutputFilePath(program.getCompilerOptions());
    if (buildInfo) rmSync(buildInfo, { force: true });
    return { emitSkipped: false, diagnostics: [] };
  };
}
