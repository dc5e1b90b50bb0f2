import path from "node:path";
import type ts from "typescript";
import { honestLines } from "./check-fixture.js";
import { EditedFiles } from "./edited-files.js";

// docs/setup/editor.md, "In your editor": the language-service plugin reports what tspc
// reports. In the "diagnostics-by-check" Vitest project, every fixture
// compileFixture builds is also opened in a real LanguageService wrapped by
// the plugin, and honest's diagnostics of each file, asked one file at a
// time, must equal the transformer's, file, line, column, code and text.
// Then each file in turn is edited (a line added at its end) and every file
// asked again: what the editor kept from earlier versions must give what a
// fresh analysis of the new version gives.

/** honest's diagnostics of every root file of `files`, asked file by file, printed as tsc prints them. */
function honestDiagnostics(files: EditedFiles, dir: string): string[] {
  const { service, rootNames, faults } = files;
  const diagnostics = [
    ...service.getCompilerOptionsDiagnostics(),
    ...rootNames.flatMap((fileName) => service.getSemanticDiagnostics(fileName)),
  ];
  if (faults.length > 0) throw new Error(`the plugin failed:\n${faults.join("\n")}`);
  return honestLines(diagnostics, dir);
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
  const byTransformer = honestLines(reported, dir);
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
  compare("when opened", honestDiagnostics(files, dir), expected);
  for (const fileName of rootNames) {
    files.edit(fileName, `${files.text(fileName)}\n// edited\n`);
    const fresh = new EditedFiles(rootNames, compilerOptions);
    for (const each of rootNames) fresh.edit(each, files.text(each));
    compare(`after an edit to ${path.relative(dir, fileName)}`, honestDiagnostics(files, dir), honestDiagnostics(fresh, dir).sort());
  }
}
