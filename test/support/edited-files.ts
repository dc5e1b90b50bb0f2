import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import ts from "typescript";

// TypeScript's LanguageService over files on disk whose texts an editor
// changes in memory (a new version of a file per edit, as tsserver keeps
// them), wrapped by honest's plugin as tsserver wraps it, loaded from the
// built dist/cjs as tsserver loads it (docs/setup/editor.md, "In your editor").

const require = createRequire(import.meta.url);
const root = path.resolve(import.meta.dirname, "../..");
const { honestLanguageService } = require(path.join(root, "dist/cjs/transformer/language-service/plugin.js")) as {
  honestLanguageService(service: ts.LanguageService, log: (message: string) => void): ts.LanguageService;
};

export class EditedFiles {
  readonly #texts = new Map<string, string>();
  readonly #versions = new Map<string, number>();
  /** The service with honest's plugin. */
  readonly service: ts.LanguageService;
  /** What the plugin logged: a fault inside honest, answered without it. */
  readonly faults: string[] = [];

  constructor(
    readonly rootNames: readonly string[],
    options: ts.CompilerOptions,
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
    this.service = honestLanguageService(ts.createLanguageService(host, ts.createDocumentRegistry()), (message) =>
      this.faults.push(message),
    );
  }

  /** A file's text as the editor has it now. */
  text(fileName: string): string {
    return this.#texts.get(fileName) ?? readFileSync(fileName, "utf8");
  }

  /** A new version of a file, as typing or an applied fix makes one. */
  edit(fileName: string, text: string): void {
    this.#texts.set(fileName, text);
    this.#versions.set(fileName, (this.#versions.get(fileName) ?? 0) + 1);
  }
}
