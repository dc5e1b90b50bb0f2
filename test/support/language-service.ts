import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import ts from "typescript";
import { FIXTURE_OPTIONS } from "./compile.js";

// An editor's view of fixture sources: TypeScript's LanguageService over
// files written to test/.out/<name> (where "honest" resolves to this
// package, as in compile.ts), wrapped by honest's plugin as tsserver wraps
// it, loaded from the built dist/cjs as tsserver loads it. Edits an editor
// would apply (a quick fix) change the service's copy of a file, as typing does.

const require = createRequire(import.meta.url);
const root = path.resolve(import.meta.dirname, "../..");
const { honestLanguageService } = require(path.join(root, "dist/cjs/transformer/language-service/plugin.js")) as {
  honestLanguageService(service: ts.LanguageService, log: (message: string) => void): ts.LanguageService;
};

export interface Editor {
  /** The service with honest's plugin. */
  readonly service: ts.LanguageService;
  /** What the plugin logged: a fault inside honest, answered without it. */
  readonly logged: readonly string[];
  /** A fixture file's absolute name: `file("src/items.ts")`. */
  file(sourcePath: string): string;
  /** The current text of every fixture file, by source path, as compileFixture takes them. */
  texts(): Record<string, string>;
  /** The first diagnostic of `code` in a file. */
  diagnostic(sourcePath: string, code: number): ts.Diagnostic;
  /** The fixes offered for a diagnostic, as an editor asks for them: its span and its code. */
  fixes(diagnostic: ts.Diagnostic): readonly ts.CodeFixAction[];
  /** Applies a fix's edits to the files, as an editor does. */
  apply(fix: ts.CodeFixAction): void;
  /** The hover at the first occurrence of `needle` in a file (plus `offset` characters into it). */
  hover(sourcePath: string, needle: string, offset?: number): ts.QuickInfo | undefined;
}

export function openEditor(name: string, files: Readonly<Record<string, string>>): Editor {
  const dir = path.join(root, "test/.out", name);
  rmSync(dir, { recursive: true, force: true });
  const file = (sourcePath: string) => path.join(dir, sourcePath);
  const texts = new Map<string, string>();
  const versions = new Map<string, number>();
  for (const [sourcePath, text] of Object.entries(files)) {
    mkdirSync(path.dirname(file(sourcePath)), { recursive: true });
    writeFileSync(file(sourcePath), text);
    texts.set(file(sourcePath), text);
  }
  const options: ts.CompilerOptions = { ...FIXTURE_OPTIONS, rootDir: path.join(dir, "src"), outDir: path.join(dir, "dist") };
  const host: ts.LanguageServiceHost = {
    getScriptFileNames: () => [...texts.keys()],
    getScriptVersion: (fileName) => String(versions.get(fileName) ?? 0),
    getScriptSnapshot: (fileName) => {
      const text = texts.get(fileName) ?? ts.sys.readFile(fileName);
      return text === undefined ? undefined : ts.ScriptSnapshot.fromString(text);
    },
    getCurrentDirectory: () => dir,
    getCompilationSettings: () => options,
    getDefaultLibFileName: ts.getDefaultLibFilePath,
    fileExists: (fileName) => texts.has(fileName) || ts.sys.fileExists(fileName),
    readFile: (fileName) => texts.get(fileName) ?? ts.sys.readFile(fileName),
    readDirectory: ts.sys.readDirectory,
    directoryExists: ts.sys.directoryExists,
    getDirectories: ts.sys.getDirectories,
  };
  const logged: string[] = [];
  const service = honestLanguageService(ts.createLanguageService(host), (message) => logged.push(message));
  const text = (sourcePath: string) => texts.get(file(sourcePath))!;

  return {
    service,
    logged,
    file,
    texts: () =>
      Object.fromEntries([...texts].map(([fileName, content]) => [path.relative(dir, fileName).split(path.sep).join("/"), content])),
    diagnostic(sourcePath, code) {
      const found = service.getSemanticDiagnostics(file(sourcePath)).find((diagnostic) => diagnostic.code === code);
      if (!found) throw new Error(`no TS${code} in ${sourcePath}`);
      return found;
    },
    fixes: (diagnostic) =>
      service.getCodeFixesAtPosition(
        diagnostic.file!.fileName,
        diagnostic.start!,
        diagnostic.start! + diagnostic.length!,
        [diagnostic.code],
        ts.getDefaultFormatCodeSettings(),
        {},
      ),
    apply(fix) {
      for (const { fileName, textChanges } of fix.changes) {
        // Later edits first, so that each span still points into the text as it was.
        const ordered = [...textChanges].sort((a, b) => b.span.start - a.span.start);
        let edited = texts.get(fileName)!;
        for (const { span, newText } of ordered) edited = edited.slice(0, span.start) + newText + edited.slice(span.start + span.length);
        texts.set(fileName, edited);
        versions.set(fileName, (versions.get(fileName) ?? 0) + 1);
      }
    },
    hover(sourcePath, needle, offset = 0) {
      const at = text(sourcePath).indexOf(needle);
      if (at === -1) throw new Error(`'${needle}' is not in ${sourcePath}`);
      return service.getQuickInfoAtPosition(file(sourcePath), at + offset);
    },
  };
}

/** A display's text, as an editor shows it. */
export function shown(parts: readonly ts.SymbolDisplayPart[] | undefined): string {
  return (parts ?? []).map((part) => part.text).join("");
}
