import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import ts from "typescript";

// docs/setup/editor.md, "In your editor": the language-service plugin reports what tspc
// reports. In the "diagnostics-by-check" Vitest project, every fixture
// compileFixture builds is also opened in a real LanguageService wrapped by
// the plugin, and honest's diagnostics of each file, asked one file at a
// time, must equal the transformer's, file, line, column, code and text.
// Then each file in turn is edited (a line added at its end) and every file
// asked again: what the editor kept from earlier versions must give what a
// fresh analysis of the new version gives.

const require = createRequire(import.meta.url);
const root = path.resolve(import.meta.dirname, "../..");
const { honestLanguageService } = require(path.join(root, "dist/cjs/transformer/language-service/plugin.js")) as {
  honestLanguageService(service: ts.LanguageService, log: (message: string) => void): ts.LanguageService;
};

/** A LanguageService over files on disk whose texts can be edited in memory, as tsserver's are. */
export class EditedFiles {
  readonly #texts = new Map<string, string>();
  readonly #versions = new Map<string, number>();
  readonly service: ts.LanguageService;
  readonly faults: string[] = [];

  constructor(
    readonly rootNames: readonly string[],
    options: ts.CompilerOptions,
    wrap = true,
  ) {
    const host: ts.LanguageServiceHost = {
      getScriptFileNames: () => [...rootNames],
      getScriptVersion: (fileName) => String(this.#versions.get(fileName) ?? 0),
      getScriptSnapshot: (fileName) => {
        const text = this.#texts.get(fileName) ?? ts.sys.readFile(fileName);
        return text === undefined ? undefined : ts.ScriptSnapshot.fromString(text);
      },
      getCurrentDirectory: () => root,
      getCompilationSettings: () => options,
      getDefaultLibFileName: ts.getDefaultLibFilePath,
      fileExists: ts.sys.fileExists,
      readFile: (fileName) => this.#texts.get(fileName) ?? ts.sys.readFile(fileName),
      readDirectory: ts.sys.readDirectory,
      directoryExists: ts.sys.directoryExists,
      getDirectories: ts.sys.getDirectories,
    };
    const service = ts.createLanguageService(host, ts.createDocumentRegistry());
    this.service = wrap ? honestLanguageService(service, (message) => this.faults.push(message)) : service;
  }

  text(fileName: string): string {
    return this.#texts.get(fileName) ?? readFileSync(fileName, "utf8");
  }

  edit(fileName: string, text: string): void {
    this.#texts.set(fileName, text);
    this.#versions.set(fileName, (this.#versions.get(fileName) ?? 0) + 1);
  }

  /** honest's diagnostics of every root file, asked file by file, printed as tsc prints them. */
  honestDiagnostics(dir: string): string[] {
    const diagnostics = [
      ...this.service.getCompilerOptionsDiagnostics(),
      ...this.rootNames.flatMap((fileName) => this.service.getSemanticDiagnostics(fileName)),
    ];
    if (this.faults.length > 0) throw new Error(`the plugin failed:\n${this.faults.join("\n")}`);
    return printed(
      diagnostics.filter((diagnostic) => diagnostic.source === "honest"),
      dir,
    );
  }
}

/**
 * Throws unless the plugin's diagnostics for the fixture in `dir` equal
 * those the transformer `reported`, first and after an edit to each file.
 */
export function assertEditorAgrees(
  name: string,
  dir: string,
  rootNames: readonly string[],
  options: ts.CompilerOptions,
  plugin: object,
  reported: readonly ts.Diagnostic[],
): void {
  const byTransformer = printed(
    reported.filter((diagnostic) => diagnostic.source === "honest"),
    dir,
  );
  const compilerOptions = { ...options, plugins: [{ transform: "honest/transformer", ...plugin }] as unknown as ts.PluginImport[] };
  const files = new EditedFiles(rootNames, compilerOptions);
  const expected = [...byTransformer].sort();
  const compare = (when: string, actual: readonly string[], wanted: readonly string[]) => {
    if (JSON.stringify([...actual].sort()) !== JSON.stringify(wanted)) {
      throw new Error(
        `the editor and the transformer disagree on fixture ${name} ${when}:\n  editor:\n    ${[...actual].sort().join("\n    ")}\n  transformer:\n    ${wanted.join("\n    ")}`,
      );
    }
  };
  compare("when opened", files.honestDiagnostics(dir), expected);
  for (const fileName of rootNames) {
    files.edit(fileName, `${files.text(fileName)}\n// edited\n`);
    const fresh = new EditedFiles(rootNames, compilerOptions);
    for (const each of rootNames) fresh.edit(each, files.text(each));
    compare(`after an edit to ${path.relative(dir, fileName)}`, files.honestDiagnostics(dir), fresh.honestDiagnostics(dir).sort());
  }
}

function printed(diagnostics: readonly ts.Diagnostic[], dir: string): string[] {
  return diagnostics.map((diagnostic) => {
    const category = diagnostic.category === ts.DiagnosticCategory.Warning ? "warning" : "error";
    const text = ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n");
    if (!diagnostic.file || diagnostic.start === undefined) return `${category} TS${diagnostic.code}: ${text}`;
    const { line, character } = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start);
    const fileName = path.relative(dir, diagnostic.file.fileName).split(path.sep).join("/");
    return `${fileName}(${line + 1},${character + 1}): ${category} TS${diagnostic.code}: ${text}`;
  });
}
