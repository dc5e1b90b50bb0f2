import path from "node:path";
import type ts from "typescript";
import { analyseProgram } from "./analyse/analyse-program.js";
import { typescriptFacts } from "./analyse/typescript-facts.js";
import { guardPartialBuilds } from "./builds/partial-builds.js";
import { diagnosticSink, HonestCode } from "./diagnostics.js";
import { readOpenapiSettings } from "./openapi/openapi-options.js";
import { programOpenapi } from "./openapi/program-openapi.js";
import { indexModel, rewriteSourceFile, type ProgramIndex } from "./rewrite/rewrite-source-file.js";

// The ts-patch entry point, a "program" transformer:
//   "plugins": [{ "transform": "honest/transformer", "openapi": "openapi.json" }]
// Analysis covers the whole program once (createApp() needs every controller)
// and is kept per program, so that emitting file by file, as --watch does,
// reports each diagnostic once. The OpenAPI document is made from the same
// analysis, once per program.

export interface TransformerExtras {
  readonly addDiagnostic: (diagnostic: ts.Diagnostic) => unknown;
  /** ts-patch's list of the program's plugin diagnostics, which it adds to each emit's. */
  readonly diagnostics?: ts.Diagnostic[];
  /** Which TypeScript ts-patch runs in: "tsc" for tspc. */
  readonly library?: string;
}

const models = new WeakMap<ts.Program, ProgramIndex>();

/** The tsconfig.json's folder, where relative paths in it start. */
function projectDirectoryOf(program: ts.Program): string {
  const configFile = program.getCompilerOptions().configFilePath;
  return typeof configFile === "string" ? path.dirname(configFile) : program.getCurrentDirectory();
}

export default function honestTransformer(
  program: ts.Program,
  config?: unknown,
  extras?: TransformerExtras,
): ts.TransformerFactory<ts.SourceFile> {
  const modelOf = (): ProgramIndex => {
    let model = models.get(program);
    if (!model) {
      const sink = diagnosticSink((diagnostic) => extras?.addDiagnostic(diagnostic));
      const settings = readOpenapiSettings(projectDirectoryOf(program), config);
      if ("problem" in settings) sink.errorInSetup(HonestCode.PluginOptions, settings.problem);
      const analysis = analyseProgram(typescriptFacts(program), sink);
      model = indexModel(analysis, "settings" in settings ? programOpenapi(analysis, settings.settings) : undefined);
      models.set(program, model);
    }
    return model;
  };
  // tspc's --watch, incremental and -b builds emit only what changed (README, "Watch mode and incremental builds").
  if (extras?.library === "tsc") guardPartialBuilds(program, modelOf, () => models.get(program), extras.diagnostics);
  return (context) => (file) => rewriteSourceFile(file, modelOf(), context);
}
