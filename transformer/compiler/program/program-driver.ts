import path from "node:path";
import type ts from "typescript";
import { analyseProgram } from "../analyse/analyse-program.js";
import { readClientFile } from "../client/client-options.js";
import { programClient } from "../client/program-client.js";
import { type DiagnosticSink, diagnosticSink } from "../diagnostics.js";
import { typescriptFacts } from "../facts/typescript-facts.js";
import type { ProgramModel } from "../model.js";
import { type OpenapiSettingsRead, readOpenapiSettings } from "../openapi/openapi-options.js";
import { programOpenapi } from "../openapi/program-openapi.js";
import { indexModel, rewriteSourceFile, type ProgramIndex } from "../rewrite/rewrite-source-file.js";

// A program's rewrite, as the hosts that emit with TypeScript 5.9 or 6 use
// it (the ts-patch plugin, honest/vite): analysis covers the whole program
// once (createApp() needs every controller) and is kept per program, so that
// emitting file by file, as --watch does, reports each diagnostic once. The
// OpenAPI document and the client are made from the same analysis, once per program.

export interface ProgramRewrite {
  /** The transformer that rewrites each file the program emits. */
  readonly factory: ts.TransformerFactory<ts.SourceFile>;
  /** The program's analysis, made on first use. */
  model(): ProgramIndex;
  /** The analysis if made already. */
  analysed(): ProgramIndex | undefined;
}

const models = new WeakMap<ts.Program, ProgramIndex>();

/** The tsconfig.json's folder, where relative paths in it start. */
export function projectDirectoryOf(program: ts.Program): string {
  const configFile = program.getCompilerOptions().configFilePath;
  return typeof configFile === "string" ? path.dirname(configFile) : program.getCurrentDirectory();
}

/**
 * The program's analysis and honest's options (`config`, the tsconfig's
 * plugin entry) as every TypeScript 5.9/6 host reads them: a mistake in the
 * options is reported first, then the program's diagnostics, to `sink`.
 */
export function analyseWithOptions(
  program: ts.Program,
  config: unknown,
  sink: DiagnosticSink,
): { readonly analysis: ProgramModel; readonly settings: OpenapiSettingsRead; readonly clientFile: string | undefined } {
  const settings = readOpenapiSettings(projectDirectoryOf(program), config);
  if ("mistake" in settings) sink.errorInSetup(settings.mistake);
  const client = readClientFile(projectDirectoryOf(program), config);
  if ("mistake" in client) sink.errorInSetup(client.mistake);
  return { analysis: analyseProgram(typescriptFacts(program), sink), settings, clientFile: "file" in client ? client.file : undefined };
}

/** `config` is the tsconfig's plugin entry (honest's options); diagnostics go to `addDiagnostic`. */
export function programRewrite(
  program: ts.Program,
  config: unknown,
  addDiagnostic: (diagnostic: ts.Diagnostic) => unknown,
): ProgramRewrite {
  const model = (): ProgramIndex => {
    let known = models.get(program);
    if (!known) {
      const sink = diagnosticSink(addDiagnostic);
      const { analysis, settings, clientFile } = analyseWithOptions(program, config, sink);
      known = indexModel(analysis, "settings" in settings ? programOpenapi(analysis, settings.settings, sink) : undefined);
      programClient(analysis, clientFile);
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
