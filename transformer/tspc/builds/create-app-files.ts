import type ts from "typescript";
import type { AnalysisSummary, Emit } from "./patched-program.js";

// createApp() is compiled with every controller of the program and its
// errors, but its file does not import the controllers, so a build that
// emits only what changed would leave it as it was: a new controller not
// mounted, a broken route dropped while the app starts, a fixed error still
// refusing. Each compilation that emits some file's JavaScript therefore
// emits the createApp() files too, once, through the same emit (the
// builder's writeFile, the same transformers).

export function withCreateAppFiles(program: ts.Program, emit: Emit, summary: () => AnalysisSummary): Emit {
  const emitted = new Set<ts.SourceFile>();
  return (targetSourceFile, writeFile, cancellationToken, emitOnlyDtsFiles, customTransformers, ...rest) => {
    const emitFile = (file: ts.SourceFile | undefined) =>
      emit.call(program, file, writeFile, cancellationToken, emitOnlyDtsFiles, customTransformers, ...rest);
    // The whole program (tspc without a builder), or declarations only (the builder's signatures): nothing to add.
    if (targetSourceFile === undefined || emitOnlyDtsFiles) return emitFile(targetSourceFile);
    emitted.add(targetSourceFile);
    const { errors, createAppFiles } = summary();
    const companions = createAppFiles.filter((file) => !emitted.has(file));
    for (const file of companions) emitted.add(file);
    // With errors, createApp()'s file goes first, so that `node --watch` restarting on any written file finds the
    // app refusing; without, it goes last, when the controllers it mounts are written.
    const first = errors.length > 0 ? companions.map(emitFile) : [];
    const result = emitFile(targetSourceFile);
    const last = errors.length > 0 ? [] : companions.map(emitFile);
    for (const companion of [...first, ...last]) {
      // The builder reports the companion's own diagnostics (TypeScript's, with declarations) from its emits of that file.
      if (companion.emittedFiles) (result.emittedFiles ??= []).push(...companion.emittedFiles);
    }
    return result;
  };
}
