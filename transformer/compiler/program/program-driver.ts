import type ts from "typescript";
import { diagnosticSink } from "../diagnostics.js";
import { typescriptFacts } from "../facts/typescript-facts.js";
import { indexModel, rewriteSourceFile, type ProgramIndex } from "../rewrite/rewrite-source-file.js";
import { analyseWithOptions, programOutputs } from "./program-analysis.js";
import { projectDirectoryOf } from "./project-options.js";

// The program's driver for the hosts that emit with TypeScript 5.9 or 6 (the
// ts-patch plugin, honest/vite): analysis covers the whole program once
// (createApp() needs every controller) and is kept per program, so that
// emitting file by file, as --watch does, reports each diagnostic once. The
// OpenAPI document and the client are made from the same analysis, once per
// program; each emitted file is then rewritten (rewrite/rewrite-source-file.ts).

export interface ProgramDriver {
  /** The transformer that rewrites each file the program emits. */
  readonly factory: ts.TransformerFactory<ts.SourceFile>;
  /** The program's analysis, made on first use. */
  model(): ProgramIndex;
  /** The analysis if made already. */
  analysed(): ProgramIndex | undefined;
}

const models = new WeakMap<ts.Program, ProgramIndex>();

/** `config` is the tsconfig's plugin entry (honest's options); diagnostics go to `addDiagnostic`. */
export function programDriver(program: ts.Program, config: unknown, addDiagnostic: (diagnostic: ts.Diagnostic) => unknown): ProgramDriver {
  const model = (): ProgramIndex => {
    let known = models.get(program);
    if (!known) {
      const sink = diagnosticSink(addDiagnostic);
      const analysis = analyseWithOptions(typescriptFacts(program), projectDirectoryOf(program), config, sink);
      known = indexModel(analysis.model, programOutputs(analysis, sink));
      models.set(program, known);
    }
    return known;
  };
  return {
    factory: (context) => (file) => rewriteSourceFile(file, model(), context, program.getTypeChecker()),
    model,
    analysed: () => models.get(program),
  };
}
