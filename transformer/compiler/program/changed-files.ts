import type ts from "typescript";

// Which of a program's own files may analyse differently than in the
// program before it (docs/setup/editor.md, "In your editor"). A language service makes a
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

/** Who imports whom among the program's files (not libraries), kept from one version of the program to the next. */
export class ImportGraph {
  /** What each file imports. */
  #imports = new Map<string, readonly string[]>();
  #importers = new Map<string, Set<string>>();
  #previous: ts.Program | undefined;

  /** Forgets the graph: the next program is compared with none. */
  reset(): void {
    this.#previous = undefined;
    this.#imports.clear();
  }

  /** The files of `program` whose analysis in the previous program cannot be kept. */
  dirtyFiles(program: ts.Program): Dirty {
    const previous = this.#previous;
    this.#previous = program;
    const changed = previous && optionsKey(previous) === optionsKey(program) ? changedFiles(previous, program) : "all";
    if (changed === "all") {
      this.#imports.clear();
      return "all";
    }
    if (!this.#update(program, changed)) {
      this.#previous = undefined;
      return "all";
    }
    const dirty = new Set(changed);
    const pending = [...changed];
    for (let fileName = pending.pop(); fileName !== undefined; fileName = pending.pop()) {
      for (const importer of this.#importers.get(fileName) ?? []) {
        if (!dirty.has(importer)) {
          dirty.add(importer);
          pending.push(importer);
        }
      }
    }
    return dirty;
  }

  /** Reads again the imports of changed files (of every file, after a clear); false when this compiler does not say. */
  #update(program: ts.Program, changed: ReadonlySet<string>): boolean {
    const lookups = program as ts.Program & ImportLookups;
    if (typeof lookups.getResolvedModuleFromModuleSpecifier !== "function") return false;
    const rebuild = this.#imports.size === 0;
    if (rebuild) this.#importers.clear();
    const files = rebuild ? program.getSourceFiles() : [...changed].flatMap((fileName) => program.getSourceFile(fileName) ?? []);
    for (const fileName of rebuild ? [] : changed) {
      for (const imported of this.#imports.get(fileName) ?? []) this.#importers.get(imported)?.delete(fileName);
      this.#imports.delete(fileName);
    }
    for (const file of files) {
      if (file.isDeclarationFile && program.isSourceFileFromExternalLibrary(file)) continue;
      const specifiers = (file as ts.SourceFile & WithImports).imports;
      if (!specifiers) return false;
      const imported = specifiers.flatMap(
        (specifier) => lookups.getResolvedModuleFromModuleSpecifier!(specifier, file)?.resolvedModule?.resolvedFileName ?? [],
      );
      this.#imports.set(file.fileName, imported);
      for (const fileName of imported) {
        const importers = this.#importers.get(fileName);
        if (importers) importers.add(file.fileName);
        else this.#importers.set(fileName, new Set([file.fileName]));
      }
    }
    return true;
  }
}

/**
 * The own files whose SourceFile differs between the two programs; "all"
 * when a file was added or removed too (where imports lead may change: rare
 * while typing, and then every file is walked again).
 */
function changedFiles(previous: ts.Program, program: ts.Program): "all" | ReadonlySet<string> {
  if (previous.getSourceFiles().length !== program.getSourceFiles().length) return "all";
  const changed = new Set<string>();
  for (const file of program.getSourceFiles()) {
    const before = previous.getSourceFile(file.fileName);
    if (before === file) continue;
    // A global declaration or a library reaches files without an import.
    if (before === undefined || file.isDeclarationFile || !isModule(file)) return "all";
    changed.add(file.fileName);
  }
  return changed;
}

/** A module, whose declarations reach other files only through imports; `declare global` and `declare module "x"` reach them without. */
function isModule(file: ts.SourceFile): boolean {
  const { externalModuleIndicator, moduleAugmentations } = file as ts.SourceFile & {
    externalModuleIndicator?: unknown;
    moduleAugmentations?: readonly unknown[];
  };
  return externalModuleIndicator !== undefined && (moduleAugmentations?.length ?? 0) === 0;
}

/** The compiler options as text: any change to them may change any type. */
function optionsKey(program: ts.Program): string {
  return JSON.stringify(program.getCompilerOptions(), (key, value) => (key === "configFile" ? undefined : value));
}
