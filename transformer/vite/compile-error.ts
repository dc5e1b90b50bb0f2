import ts from "typescript";

// What a transform throws when a file must not run: the diagnostics as tspc
// prints them (file(line,col): error TS991009: ..., relative to the working
// directory), and the first one's place, which Vite and Vitest show with the
// error.

const formatHost: ts.FormatDiagnosticsHost = {
  getCurrentDirectory: () => process.cwd(),
  getCanonicalFileName: (fileName) => fileName,
  getNewLine: () => "\n",
};

/** Diagnostics one per line, as tspc prints them when its output is not a terminal. */
export function formatDiagnostics(diagnostics: readonly ts.Diagnostic[]): string {
  return ts.formatDiagnostics(diagnostics, formatHost).trimEnd();
}

export class HonestCompileError extends Error {
  override readonly name = "HonestCompileError";
  /** Where the first diagnostic is, as Rollup and Vite give places (a 1-based line, a 0-based column), for their code frame. */
  readonly loc: { readonly file: string; readonly line: number; readonly column: number } | undefined;
  /** The diagnostics' codes, in order: 991009 for TS991009. */
  readonly codes: readonly number[];

  constructor(diagnostics: readonly ts.Diagnostic[]) {
    super(formatDiagnostics(diagnostics));
    // Where in honest the error was made says nothing to the user: the diagnostics are the whole story.
    this.stack = `${this.name}: ${this.message}`;
    this.codes = diagnostics.map((diagnostic) => diagnostic.code);
    const first = diagnostics[0];
    if (first?.file && first.start !== undefined) {
      const { line, character } = first.file.getLineAndCharacterOfPosition(first.start);
      this.loc = { file: first.file.fileName, line: line + 1, column: character };
    } else {
      this.loc = undefined;
    }
  }
}
