import { writeFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { API } from "typescript7/unstable/sync";
import { ProjectGeneration } from "../../transformer/command/project-generation.js";
import { isHonestCode } from "./honest-codes.js";

// docs/setup/typescript-7.md, "TypeScript 7: generator mode": `honest check` reports the same
// diagnostics as the transformer. In the "diagnostics-by-check" Vitest
// project (HONEST_FIXTURE_CHECK=1), every fixture compileFixture builds is
// also analysed as `honest check` analyses it (TypeScript 7's API, through
// ProjectGeneration, the command's engine), and the two lists of honest's
// diagnostics must be equal, file, line, column, code and text, but for the
// ones only generator mode gives (a class the generated module must import)
// and the words of TS991012.

export const checkFixtures = process.env.HONEST_FIXTURE_CHECK === "1";

// One TypeScript 7 API process per test worker, not one per fixture: starting
// it costs more than analysing a fixture. Each fixture is a project of its
// own in it, opened, read afresh and released again (ProjectGeneration's
// `shared`); the process ends with the worker.
let sharedApi: API | undefined;

function workerApi(): API {
  if (!sharedApi) {
    const api = new API({ cwd: path.resolve(import.meta.dirname, "../..") });
    process.once("exit", () => api.close());
    sharedApi = api;
  }
  return sharedApi;
}

/** honest's diagnostics of the fixture in `dir` as `honest check` prints them (`src/x.ts(3,5): error TS991009: ...`). */
export function checkDiagnostics(dir: string, rootNames: readonly string[], options: ts.CompilerOptions, plugin: object): string[] {
  const configFile = path.join(dir, "tsconfig.check.json");
  writeFileSync(
    configFile,
    JSON.stringify({
      compilerOptions: { ...jsonOptions(options), plugins: [{ transform: "honest/transformer", ...plugin }] },
      files: rootNames.map((file) => path.relative(dir, file)),
    }),
  );
  const generation = new ProjectGeneration({ configFile, cwd: dir, command: "npx honest generate", writeDocument: false }, workerApi());
  try {
    return comparable(generation.run().diagnostics.filter((line) => !/TS991032/.test(line)));
  } finally {
    generation.close();
  }
}

/**
 * TS991012's message says who imports the controller (TS991043's, the class
 * with a scheduled method): createApp() under the transformer, the generated module in generator mode. Its place and code
 * must agree; the words differ.
 */
function comparable(lines: readonly string[]): string[] {
  return lines.map((line) => line.replace(/(TS9910(?:12|43): \w+ must be exported: ).*/, "$1..."));
}

/** The diagnostics the transformer reported, printed the same way. */
export function printedDiagnostics(diagnostics: readonly ts.Diagnostic[], dir: string): string[] {
  return comparable(honestLines(diagnostics, dir));
}

/** honest's diagnostics among `diagnostics`, as tsc prints them (`src/x.ts(3,5): error TS991009: ...`), file names relative to `dir`. */
export function honestLines(diagnostics: readonly ts.Diagnostic[], dir: string): string[] {
  return diagnostics
    .filter((diagnostic) => isHonestCode(diagnostic.code))
    .map((diagnostic) => {
      const category = diagnostic.category === ts.DiagnosticCategory.Warning ? "warning" : "error";
      const text = ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n");
      if (!diagnostic.file || diagnostic.start === undefined) return `${category} TS${diagnostic.code}: ${text}`;
      const { line, character } = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start);
      const name = path.relative(dir, diagnostic.file.fileName).split(path.sep).join("/");
      return `${name}(${line + 1},${character + 1}): ${category} TS${diagnostic.code}: ${text}`;
    });
}

/** Compiler options as tsconfig.json writes them. */
function jsonOptions(options: ts.CompilerOptions): Record<string, unknown> {
  const json: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(options)) {
    if (key === "target") json[key] = ts.ScriptTarget[value as ts.ScriptTarget].toLowerCase();
    else if (key === "module") json[key] = ts.ModuleKind[value as ts.ModuleKind].toLowerCase();
    else if (key === "moduleResolution") json[key] = ts.ModuleResolutionKind[value as ts.ModuleResolutionKind].toLowerCase();
    else if (key === "lib") json[key] = (value as string[]).map((lib) => lib.replace(/^lib\.|\.d\.ts$/g, ""));
    else if (key !== "rootDir" && key !== "outDir") json[key] = value;
  }
  return json;
}
