import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { FIXTURE_OPTIONS } from "./compile.js";
import { EditedFiles } from "./edited-files.js";

// An editor's view of fixture sources: TypeScript's LanguageService over
// files written to test/.out/<name> (where "honest" resolves to this
// package, as in compile.ts), wrapped by honest's plugin as tsserver wraps
// it, loaded from the built dist/cjs as tsserver loads it. Edits an editor
// would apply (a quick fix) change the service's copy of a file, as typing does.

const root = path.resolve(import.meta.dirname, "../..");

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
  for (const [sourcePath, text] of Object.entries(files)) {
    mkdirSync(path.dirname(file(sourcePath)), { recursive: true });
    writeFileSync(file(sourcePath), text);
  }
  const rootNames = Object.keys(files).map(file);
  const options: ts.CompilerOptions = { ...FIXTURE_OPTIONS, rootDir: path.join(dir, "src"), outDir: path.join(dir, "dist") };
  const edited = new EditedFiles(rootNames, options);
  const { service, faults: logged } = edited;
  const text = (sourcePath: string) => edited.text(file(sourcePath));

  return {
    service,
    logged,
    file,
    texts: () => Object.fromEntries(Object.keys(files).map((sourcePath) => [sourcePath, text(sourcePath)])),
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
        let changed = edited.text(fileName);
        for (const { span, newText } of ordered) changed = changed.slice(0, span.start) + newText + changed.slice(span.start + span.length);
        edited.edit(fileName, changed);
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
