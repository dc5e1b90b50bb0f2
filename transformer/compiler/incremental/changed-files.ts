import type ts from "typescript";

// Which of a program's own files may analyse differently than in the
// program before it (README, "In your editor"). A language service makes a
// new program after every edit but keeps the SourceFile of each file that
// did not change, so a file is unchanged when its SourceFile is the same
// object; and a file's analysis reads only what it imports, directly or
// through other files. So a file must be walked again when it changed or
// imports, at any depth, a file that changed. Anything this cannot follow
// (other compiler options, an edited global declaration, a library that
// changed, a compiler without the lookups used here) makes every file dirty.

/** The internal lookups of TypeScript 5.9 and 6 this reads, when the program has them. */
interface ImportLookups {
  getResolvedModuleFromModuleSpecifier?(
    specifier: ts.StringLiteralLike,
    file: ts.SourceFile,
  ): ts.ResolvedModuleWithFailedLookupLocations | undefined;
}

interface WithImports {
  readonly imports?: readonly ts.StringLiteralLike[];
}

/** Every own file, or those that changed or import one that did. */
export type Dirty = "all" | ReadonlySet<string>;

/** The files of `program` whose analysis in `previous` cannot be kept; `cache` keeps each file's imports between calls. */
export function dirtyFiles(previous: ts.Program | undefined, program: ts.Program, cache: ImportsCache): Dirty {
  if (!previous || optionsKey(previous) !== optionsKey(program)) return "all";
  const changed = new Set<string>();
  for (const file of program.getSourceFiles()) {
    if (previous.getSourceFile(file.fileName) === file) continue;
    // A global declaration or a library reaches files without an import.
    if (file.isDeclarationFile || !isModule(file)) return "all";
    changed.add(file.fileName);
  }
  for (const file of previous.getSourceFiles()) {
    if (!program.getSourceFile(file.fileName)) {
      if (file.isDeclarationFile || !isModule(file)) return "all";
      changed.add(file.fileName);
    }
  }
  if (changed.size === 0) return changed;
  const importers = importersByFile(program, cache);
  if (!importers) return "all";
  const dirty = new Set(changed);
  const pending = [...changed];
  for (let fileName = pending.pop(); fileName !== undefined; fileName = pending.pop()) {
    for (const importer of importers.get(fileName) ?? []) {
      if (!dirty.has(importer)) {
        dirty.add(importer);
        pending.push(importer);
      }
    }
  }
  return dirty;
}

/** A module, whose declarations reach other files only through imports; `declare global` and `declare module "x"` reach them without. */
function isModule(file: ts.SourceFile): boolean {
  const { externalModuleIndicator, moduleAugmentations } = file as ts.SourceFile & {
    externalModuleIndicator?: unknown;
    moduleAugmentations?: readonly unknown[];
  };
  return externalModuleIndicator !== undefined && (moduleAugmentations?.length ?? 0) === 0;
}

/**
 * The files each file imports, by the file's SourceFile: kept while the
 * program's set of files stays the same (a file added may change where an
 * import leads; an edit to one file changes only that file's imports).
 */
export interface ImportsCache {
  fileSet?: string;
  byFile?: WeakMap<ts.SourceFile, readonly string[]>;
}

/** For each file, the program's files that import it; undefined when this compiler does not say. */
function importersByFile(program: ts.Program, cache: ImportsCache): Map<string, string[]> | undefined {
  const lookups = program as ts.Program & ImportLookups;
  if (typeof lookups.getResolvedModuleFromModuleSpecifier !== "function") return undefined;
  const files = program.getSourceFiles();
  const fileSet = files.map((file) => file.fileName).join("\n");
  if (cache.fileSet !== fileSet || !cache.byFile) {
    cache.fileSet = fileSet;
    cache.byFile = new WeakMap();
  }
  const byFile = cache.byFile;
  const importers = new Map<string, string[]>();
  for (const file of files) {
    if (file.isDeclarationFile && program.isSourceFileFromExternalLibrary(file)) continue;
    let imported = byFile.get(file);
    if (!imported) {
      const specifiers = (file as ts.SourceFile & WithImports).imports;
      if (!specifiers) return undefined;
      imported = specifiers.flatMap(
        (specifier) => lookups.getResolvedModuleFromModuleSpecifier!(specifier, file)?.resolvedModule?.resolvedFileName ?? [],
      );
      byFile.set(file, imported);
    }
    for (const fileName of imported) {
      const list = importers.get(fileName);
      if (list) list.push(file.fileName);
      else importers.set(fileName, [file.fileName]);
    }
  }
  return importers;
}

/** The compiler options as text: any change to them may change any type. */
function optionsKey(program: ts.Program): string {
  return JSON.stringify(program.getCompilerOptions(), (key, value) => (key === "configFile" ? undefined : value));
}
