import type ts from "typescript";

// The builder behind tspc --watch keeps each file's emit diagnostics, the
// array its emit returned, and reports them again in later compilations
// while that file is not emitted. ts-patch adds every diagnostic of the
// plugins to every emit's array, so an error once reported with an
// unrelated file would be reported again after its fix. Before a new
// program of the same project emits (and so before the builder replays its
// cache, which comes after the emits), honest's diagnostics are taken out of
// the arrays earlier programs returned: each compilation reports honest's
// diagnostics only with the files it emits, computed afresh. (A compilation
// that emits nothing changed nothing, and replays the last ones, still true.)

interface ProjectEmits {
  readonly program: ts.Program;
  readonly carriers: ts.Diagnostic[][];
}

/** The latest program of each project (by its tsconfig.json) and the diagnostic arrays its emits returned. */
const latest = new Map<string, ProjectEmits>();

export function forgetEarlierDiagnostics(program: ts.Program): void {
  const project = projectOf(program);
  const earlier = latest.get(project);
  if (earlier?.program === program) return;
  for (const carrier of earlier?.carriers ?? []) {
    for (let index = carrier.length - 1; index >= 0; index--) if (carrier[index]!.source === "honest") carrier.splice(index, 1);
  }
  latest.set(project, { program, carriers: [] });
}

export function rememberCarrier(program: ts.Program, result: ts.EmitResult): void {
  const emits = latest.get(projectOf(program));
  if (emits?.program === program) emits.carriers.push(result.diagnostics as ts.Diagnostic[]);
}

function projectOf(program: ts.Program): string {
  const { configFilePath } = program.getCompilerOptions() as { configFilePath?: unknown };
  return typeof configFilePath === "string" ? configFilePath : program.getCurrentDirectory();
}
