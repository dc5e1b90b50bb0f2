import ts from "typescript";
import { formatDiagnostics, HonestCompileError } from "./compile-error.js";
import { honestPluginConfig } from "../compiler/program/plugin-config.js";
import { programDriver } from "../compiler/program/program-driver.js";

// One program's compilation, file by file as Vite asks: each file emitted by
// the program with honest's transformer, as tspc emits it. The transformer
// analyses the whole program once, at the first file; its diagnostics decide
// which files may run.

export interface SourceMap {
  readonly version: number;
  readonly file?: string;
  readonly names: string[];
  readonly mappings: string;
  sources: string[];
  sourcesContent?: string[];
  sourceRoot?: string;
}

export type Outcome =
  | {
      readonly ok: true;
      readonly code: string;
      readonly map: SourceMap;
      /** honest's warnings at this file, as tspc prints them. */
      readonly warnings: readonly string[];
      /** Whether honest rewrote the file (a controller, a component with Inject fields, a createApp() call): its output depends on the whole program. */
      readonly rewritten: boolean;
    }
  | { readonly ok: false; readonly error: HonestCompileError; readonly rewritten: boolean };

export class ProgramRun {
  private readonly honestDiagnostics: ts.Diagnostic[] = [];
  private readonly rewritten = new Set<ts.SourceFile>();
  private readonly outcomes = new Map<ts.SourceFile, Outcome>();
  private readonly transformer: ts.TransformerFactory<ts.SourceFile>;
  private analysed = false;

  constructor(readonly program: ts.Program) {
    const honest = programDriver(program, honestPluginConfig(program.getCompilerOptions()), (diagnostic) =>
      this.honestDiagnostics.push(diagnostic),
    ).factory;
    this.transformer = (context) => {
      const rewrite = honest(context);
      return (file) => {
        const result = rewrite(file);
        if (result !== file) this.rewritten.add(file);
        return result;
      };
    };
  }

  /** The program's source file of that name, if tspc would emit it (not a declaration file, not a library's). */
  sourceFile(fileName: string): ts.SourceFile | undefined {
    const file = this.program.getSourceFile(fileName);
    return file && !file.isDeclarationFile && !this.program.isSourceFileFromExternalLibrary(file) ? file : undefined;
  }

  /**
   * The file's JavaScript, or why it must not run: its syntax errors, honest's
   * errors at it, and, if honest rewrote it, every honest error of the program,
   * since its generated code stands for the whole program as tspc would refuse it.
   */
  outcome(file: ts.SourceFile): Outcome {
    const known = this.outcomes.get(file);
    if (known) return known;
    let code = "";
    let mapText = "";
    this.program.emit(
      file,
      (name, text) => {
        if (name.endsWith(".map")) mapText = text;
        else code = text;
      },
      undefined,
      false,
      { before: [this.transformer] },
    );
    this.analysed = true;
    const rewritten = this.rewritten.has(file);
    const honestHere = (category: ts.DiagnosticCategory) =>
      this.honestDiagnostics.filter(
        (diagnostic) =>
          diagnostic.category === category && (diagnostic.file === file || (rewritten && category === ts.DiagnosticCategory.Error)),
      );
    const errors = [...this.program.getSyntacticDiagnostics(file), ...honestHere(ts.DiagnosticCategory.Error)];
    const outcome: Outcome =
      errors.length > 0
        ? { ok: false, error: new HonestCompileError(errors), rewritten }
        : {
            ok: true,
            code: withoutSourceMapComment(code),
            map: sourceMapOf(mapText, file),
            warnings: honestHere(ts.DiagnosticCategory.Warning).map((warning) => formatDiagnostics([warning])),
            rewritten,
          };
    this.outcomes.set(file, outcome);
    return outcome;
  }

  /** Whether honest reports an error at this file, analysing the program if no file was emitted yet. */
  hasHonestErrorsAt(file: ts.SourceFile): boolean {
    if (!this.analysed) {
      ts.transform(file, [this.transformer], this.program.getCompilerOptions()).dispose();
      this.analysed = true;
    }
    return this.honestDiagnostics.some((diagnostic) => diagnostic.file === file && diagnostic.category === ts.DiagnosticCategory.Error);
  }
}

/** The map Vite chains: sources named by absolute path and carrying their text, whatever outDir the project writes to. */
function sourceMapOf(text: string, file: ts.SourceFile): SourceMap {
  const map = JSON.parse(text) as SourceMap;
  map.sources = [file.fileName];
  map.sourcesContent = [file.text];
  delete map.sourceRoot;
  return map;
}

/** Vite takes the map with the code; the comment pointing at a .map file that is never written goes. */
function withoutSourceMapComment(code: string): string {
  return code.replace(/\n?\/\/# sourceMappingURL=\S+\s*$/, "\n");
}
