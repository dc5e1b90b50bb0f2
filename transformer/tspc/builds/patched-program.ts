import type ts from "typescript";

// What tspc's programs have beyond ts.Program's public type: ts-patch keeps
// TypeScript's own emit as `originalEmit` (its `emit` adds the plugins'
// transformers and diagnostics around it), and the builder behind --watch,
// incremental and -b writes tsconfig.tsbuildinfo through `emitBuildInfo`.

export type Emit = (
  targetSourceFile?: ts.SourceFile,
  writeFile?: ts.WriteFileCallback,
  cancellationToken?: ts.CancellationToken,
  emitOnlyDtsFiles?: boolean,
  customTransformers?: ts.CustomTransformers,
  ...rest: unknown[]
) => ts.EmitResult;

export interface PatchedProgram extends ts.Program {
  originalEmit?: Emit;
  emitBuildInfo?: (writeFile?: ts.WriteFileCallback, cancellationToken?: ts.CancellationToken) => ts.EmitResult;
}

/** What the guard needs of the program's analysis: its errors, and where createApp() is called. */
export interface AnalysisSummary {
  /** honest's errors in the program. */
  readonly errors: readonly string[];
  /** The files with a createApp() call, which the transformer completes with the program's controllers and errors. */
  readonly createAppFiles: readonly ts.SourceFile[];
}
