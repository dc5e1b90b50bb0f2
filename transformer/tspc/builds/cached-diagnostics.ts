import type ts from "typescript";
import type { Emit } from "./patched-program.js";

// The builder behind tspc --watch keeps each file's emit diagnostics (the
// array that file's emit returned) and reports them again in later
// compilations while that file is not emitted. ts-patch adds the plugins'
// diagnostics to every emit's array, so an error reported with an unrelated
// file would be reported again after its fix. So honest's diagnostics go
// with the first file a compilation emits (JavaScript), and with no other;
// and before a new program of the same project emits (so before the builder
// replays its cache, which comes after the emits), they are taken out of the
// arrays earlier programs returned. Each compilation that emits reports them
// afresh; one that emits nothing changed nothing, and replays the last ones,
// still true.

interface ProjectEmits {
  readonly program: ts.Program;
  /** The diagnostics array of each file's emit, by file name. */
  readonly carriers: Map<string, ts.Diagnostic[]>;
  /** Files whose cached array honest left empty, until they are emitted again: the builder cannot write such a cache to tsbuildinfo. */
  readonly emptied: Set<string>;
  javascriptEmitted: boolean;
}

/** The latest program of each project (by its tsconfig.json) and the diagnostic arrays its emits returned. */
const latest = new Map<string, ProjectEmits>();

/**
 * Wraps the program's emit, after taking honest's diagnostics out of what earlier programs' emits returned;
 * `pluginDiagnostics` is ts-patch's list of the program's plugin diagnostics, which it adds to each emit's.
 */
export function withFreshDiagnostics(program: ts.Program, emit: Emit, pluginDiagnostics: ts.Diagnostic[] | undefined): Emit {
  const emits = forgetEarlierDiagnostics(program);
  return (targetSourceFile, writeFile, cancellationToken, emitOnlyDtsFiles, customTransformers, ...rest) => {
    if (emits.javascriptEmitted && pluginDiagnostics) removeHonest(pluginDiagnostics);
    const result = emit.call(program, targetSourceFile, writeFile, cancellationToken, emitOnlyDtsFiles, customTransformers, ...rest);
    const javascript = !emitOnlyDtsFiles;
    emits.javascriptEmitted ||= javascript;
    if (targetSourceFile) {
      emits.carriers.set(targetSourceFile.fileName, result.diagnostics as ts.Diagnostic[]);
      // The builder replaced this file's cached array (or dropped it) when it made the file's JavaScript pending.
      if (javascript) emits.emptied.delete(targetSourceFile.fileName);
    }
    return result;
  };
}

/** Whether the builder's cache still holds an array honest emptied (which tsbuildinfo cannot hold). */
export function emptiedCarriersRemain(program: ts.Program): boolean {
  const emptied = latest.get(projectOf(program))?.emptied;
  // A file gone from the program is gone from the builder's cache too.
  for (const file of emptied ?? []) if (!program.getSourceFile(file)) emptied!.delete(file);
  return (emptied?.size ?? 0) > 0;
}

function forgetEarlierDiagnostics(program: ts.Program): ProjectEmits {
  const project = projectOf(program);
  const earlier = latest.get(project);
  const emptied = new Set(earlier?.emptied);
  for (const [file, carrier] of earlier?.carriers ?? []) {
    const length = carrier.length;
    removeHonest(carrier);
    if (length > 0 && carrier.length === 0) emptied.add(file);
  }
  const emits: ProjectEmits = { program, carriers: new Map(), emptied, javascriptEmitted: false };
  latest.set(project, emits);
  return emits;
}

function removeHonest(diagnostics: ts.Diagnostic[]): void {
  for (let index = diagnostics.length - 1; index >= 0; index--) if (diagnostics[index]!.source === "honest") diagnostics.splice(index, 1);
}

function projectOf(program: ts.Program): string {
  const { configFilePath } = program.getCompilerOptions() as { configFilePath?: unknown };
  return typeof configFilePath === "string" ? configFilePath : program.getCurrentDirectory();
}
