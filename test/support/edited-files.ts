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

// Library declaration files (TypeScript's lib, @types/node, hono, honest's
// dist) are parsed once per test worker, in one registry all the services
// share, as tsserver shares one between projects; a fixture's own files,
// which another fixture may write again at the same path, stay in a registry
// of each service's own, as does any file edited.
const libraries = ts.createDocumentRegistry();

function isLibrary(fileName: string): boolean {
  return fileName.endsWith(".d.ts") && !fileName.split(/[\\/]/).includes(".out");
}

function sharingLibraries(own: ts.DocumentRegistry, edited: (fileName: string) => boolean): ts.DocumentRegistry {
  const pick = (fileName: string) => (isLibrary(fileName) && !edited(fileName) ? libraries : own);
  return {
    acquireDocument: (fileName, ...rest) => pick(fileName).acquireDocument(fileName, ...rest),
    acquireDocumentWithKey: (fileName, ...rest) => pick(fileName).acquireDocumentWithKey(fileName, ...rest),
    updateDocument: (fileName, ...rest) => pick(fileName).updateDocument(fileName, ...rest),
    updateDocumentWithKey: (fileName, ...rest) => pick(fileName).updateDocumentWithKey(fileName, ...rest),
    getKeyForCompilationSettings: (settings) => own.getKeyForCompilationSettings(settings),
    releaseDocument: (fileName: string, settings: ts.CompilerOptions, scriptKind?: ts.ScriptKind, format?: ts.ResolutionMode) =>
      pick(fileName).releaseDocument(fileName, settings, scriptKind!, format),
    releaseDocumentWithKey: (
      filePath: ts.Path,
      key: ts.DocumentRegistryBucketKey,
      scriptKind?: ts.ScriptKind,
      format?: ts.ResolutionMode,
    ) => pick(filePath).releaseDocumentWithKey(filePath, key, scriptKind!, format),
    reportStats: () => own.reportStats(),
  };
}

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
    const registry = sharingLibraries(ts.createDocumentRegistry(), (fileName) => this.#versions.has(fileName));
    this.service = honestLanguageService(ts.createLanguageService(host, registry), (message) => this.faults.push(message));
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
