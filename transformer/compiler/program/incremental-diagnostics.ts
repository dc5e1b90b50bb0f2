import type ts from "typescript";
import { createAnalysisContext, type AnalysisContext } from "../analyse/analysis-context.js";
import { checkProgram, type Discovered, discoverFile, emptyDiscovered } from "../analyse/analyse-program.js";
import { JsonShapes } from "../analyse/json-shapes.js";
import { diagnosticSink } from "../diagnostics.js";
import { typescriptFacts } from "../facts/typescript-facts.js";
import { ImportGraph } from "./changed-files.js";
import { honestPluginConfig } from "./plugin-config.js";
import { projectDirectoryOf, readProjectOptions } from "./project-options.js";
import { readVersioning } from "./versioning-option.js";

// honest's diagnostics for each version of a program an editor makes, the
// same as tspc reports for it (docs/setup/editor.md, "In your editor"), at a cost per edit
// that follows the edit rather than the program. tspc walks every file
// (analyse-program.ts); here each file's walk is kept, with the diagnostics
// it reported, for as long as neither the file nor anything it imports
// changes (changed-files.ts), and only the program-wide checks run over every
// version, on the kept walks.
//
// tspc's walks share one table of JSON shapes, so a mistake in a DTO is
// reported once, by the first route that uses it, in file order. Kept walks
// cannot share a table (each is made with a different program), so each
// walk reports what it finds and, where walks report at one place, the
// first file's report is kept, as tspc would have made it.

/** One file's walk, kept while it holds. */
interface FileWalk {
  readonly file: ts.SourceFile;
  readonly discovered: Discovered;
  readonly diagnostics: readonly ts.Diagnostic[];
}

/** What one version of the program gets. */
interface ProgramDiagnostics {
  readonly program: ts.Program;
  readonly byFile: ReadonlyMap<string, readonly ts.Diagnostic[]>;
  /** Mistakes in honest's options, which belong to no file. */
  readonly setup: readonly ts.Diagnostic[];
}

const NONE: readonly ts.Diagnostic[] = [];

export class IncrementalDiagnostics {
  readonly #walks = new Map<string, FileWalk>();
  readonly #imports = new ImportGraph();
  #latest: ProgramDiagnostics | undefined;
  #options: { readonly key: string; readonly setup: readonly ts.Diagnostic[] } | undefined;

  /** honest's diagnostics located in `fileName`, for this version of the program. */
  ofFile(program: ts.Program, fileName: string): readonly ts.Diagnostic[] {
    return this.#of(program).byFile.get(fileName) ?? NONE;
  }

  /** honest's mistakes in its own options, for this version of the program. */
  ofSetup(program: ts.Program): readonly ts.Diagnostic[] {
    return this.#of(program).setup;
  }

  /** Forgets every kept walk: after a fault, the next request starts afresh. */
  reset(): void {
    this.#walks.clear();
    this.#imports.reset();
    this.#options = undefined;
    this.#latest = undefined;
  }

  #of(program: ts.Program): ProgramDiagnostics {
    if (this.#latest?.program !== program) this.#latest = this.#analyse(program);
    return this.#latest;
  }

  /** Mistakes in honest's options, read again only when the options change (reading them looks for package.json). */
  #setup(program: ts.Program): readonly ts.Diagnostic[] {
    const config = honestPluginConfig(program.getCompilerOptions());
    const key = JSON.stringify(config);
    if (this.#options?.key !== key) {
      const setup: ts.Diagnostic[] = [];
      readProjectOptions(
        projectDirectoryOf(program),
        config,
        diagnosticSink((diagnostic) => setup.push(diagnostic)),
      );
      this.#options = { key, setup };
    }
    return this.#options.setup;
  }

  #analyse(program: ts.Program): ProgramDiagnostics {
    const dirty = this.#imports.dirtyFiles(program);
    const facts = typescriptFacts(program);
    const versioning = readVersioning(honestPluginConfig(program.getCompilerOptions()));
    const shared = createAnalysisContext(
      facts,
      diagnosticSink(() => {}),
      "versioning" in versioning ? versioning.versioning : undefined,
    );
    const files = facts.sourceFiles();
    const kept = new Set<string>();
    const walks: FileWalk[] = [];
    for (const file of files) {
      let walk = this.#walks.get(file.fileName);
      if (!walk || walk.file !== file || dirty === "all" || dirty.has(file.fileName)) {
        walk = walkFile(shared, file);
        this.#walks.set(file.fileName, walk);
      }
      kept.add(file.fileName);
      walks.push(walk);
    }
    for (const fileName of this.#walks.keys()) if (!kept.has(fileName)) this.#walks.delete(fileName);

    const reported: ts.Diagnostic[] = [];
    const claimedBy = new Map<string, FileWalk>();
    for (const walk of walks) {
      for (const diagnostic of walk.diagnostics) {
        const place = `${diagnostic.file?.fileName}:${diagnostic.start}:${diagnostic.length}:${diagnostic.code}`;
        const claimant = claimedBy.get(place);
        if (claimant === undefined) claimedBy.set(place, walk);
        if (claimant === undefined || claimant === walk) reported.push(diagnostic);
      }
    }
    const sink = diagnosticSink((diagnostic) => reported.push(diagnostic));
    const setup = this.#setup(program);
    checkProgram({ ...shared, sink }, merged(walks));

    const byFile = new Map<string, ts.Diagnostic[]>();
    for (const diagnostic of reported) {
      const fileName = diagnostic.file?.fileName;
      if (fileName === undefined) continue;
      const list = byFile.get(fileName);
      if (list) list.push(diagnostic);
      else byFile.set(fileName, [diagnostic]);
    }
    return { program, byFile, setup };
  }
}

/** Walks one file with a table of shapes of its own, and keeps what it reported. */
function walkFile(shared: AnalysisContext, file: ts.SourceFile): FileWalk {
  const diagnostics: ts.Diagnostic[] = [];
  const context: AnalysisContext = {
    ...shared,
    shapes: new JsonShapes(shared.symbols),
    sink: diagnosticSink((diagnostic) => diagnostics.push(diagnostic)),
  };
  const discovered = emptyDiscovered();
  discoverFile(context, file, discovered);
  return { file, discovered, diagnostics };
}

/** The walks' findings together, in file order, as one walk of the program finds them. */
function merged(walks: readonly FileWalk[]): Discovered {
  const all = emptyDiscovered();
  for (const { discovered } of walks) {
    all.controllers.push(...discovered.controllers);
    all.injectables.push(...discovered.injectables);
    for (const [node, injections] of discovered.injectionsByClass) all.injectionsByClass.set(node, injections);
    all.createAppCalls.push(...discovered.createAppCalls);
    all.honestDecorators.push(...discovered.honestDecorators);
    for (const [node, decorator] of discovered.perRequest) all.perRequest.set(node, decorator);
    all.scheduled.push(...discovered.scheduled);
  }
  return all;
}
