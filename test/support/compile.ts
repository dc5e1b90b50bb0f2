import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import ts from "typescript";
import { checkDiagnostics, checkFixtures, honestLines, printedDiagnostics } from "./check-fixture.js";
import { assertEditorAgrees } from "./editor-fixture.js";
import { unusedGeneratedDeclarations } from "./unused-generated.js";

// Compiles fixture sources in-process with the real honest transformer, the
// way tspc does (a before-transformer given the program and addDiagnostic),
// into test/.out/<name>, where "honest" resolves to this package.

const require = createRequire(import.meta.url);
const root = path.resolve(import.meta.dirname, "../..");
const honestTransformer: (
  program: ts.Program,
  config: unknown,
  extras: { addDiagnostic(d: ts.Diagnostic): void },
) => ts.TransformerFactory<ts.SourceFile> = require(path.join(root, "dist/cjs/transformer/index.js")).default;

export interface ReportedDiagnostic {
  /** Path relative to the fixture's folder: `src/items.ts`. */
  readonly file: string | undefined;
  /** 1-based. */
  readonly line: number | undefined;
  readonly code: number;
  readonly category: "error" | "warning" | "suggestion" | "message";
  readonly message: string;
}

export interface Compiled {
  readonly dir: string;
  /** TypeScript's own errors and honest's diagnostics, in report order. */
  readonly diagnostics: readonly ReportedDiagnostic[];
  /** honest's diagnostics as tsc prints them, file, line and column: `src/x.ts(3,5): error TS991009: ...`. */
  readonly printed: readonly string[];
  /** Emitted JavaScript by source path: `output("src/app.ts")`. */
  output(sourcePath: string): string;
  /** Imports the emitted module of a source path. */
  load<T = Record<string, any>>(sourcePath: string): Promise<T>;
}

/**
 * Where fixtures are written: test/.out, or test/.out/by-check in the
 * diagnostics-by-check project, which runs the same files as the compiler
 * project, maybe at the same moment in another worker.
 */
export const FIXTURES_ROOT = path.join(root, checkFixtures ? "test/.out/by-check" : "test/.out");

export const FIXTURE_OPTIONS: ts.CompilerOptions = {
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  lib: ["lib.es2023.d.ts"],
  types: ["node"],
  strict: true,
  skipLibCheck: true,
};

export function compileFixture(
  name: string,
  files: Readonly<Record<string, string>>,
  options: ts.CompilerOptions = {},
  { transform = true, plugin = {} }: { readonly transform?: boolean; readonly plugin?: Readonly<Record<string, unknown>> } = {},
): Compiled {
  const dir = path.join(FIXTURES_ROOT, name);
  rmSync(dir, { recursive: true, force: true });
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
  const compilerOptions: ts.CompilerOptions = {
    ...FIXTURE_OPTIONS,
    rootDir: path.join(dir, "src"),
    outDir: path.join(dir, "dist"),
    ...options,
  };
  const rootNames = Object.keys(files)
    .filter((file) => /\.[mc]?tsx?$/.test(file))
    .map((file) => path.join(dir, file));
  const program = ts.createProgram(rootNames, compilerOptions, cachingHost(compilerOptions));
  const reported: ts.Diagnostic[] = [...ts.getPreEmitDiagnostics(program)];
  const transformer = honestTransformer(program, plugin, { addDiagnostic: (diagnostic) => reported.push(diagnostic) });
  const outputs = new Map<string, string>();
  const emit = program.emit(
    undefined,
    (fileName, text) => {
      outputs.set(path.resolve(fileName), text);
      mkdirSync(path.dirname(fileName), { recursive: true });
      writeFileSync(fileName, text);
    },
    undefined,
    false,
    transform ? { before: [transformer] } : undefined,
  );
  reported.push(...emit.diagnostics);
  if (transform) assertNothingDead(name, outputs);
  if (checkFixtures && transform) {
    const byTransformer = printedDiagnostics(reported, dir);
    const byCheck = checkDiagnostics(dir, rootNames, compilerOptions, plugin);
    if (JSON.stringify(byCheck) !== JSON.stringify(byTransformer)) {
      throw new Error(
        `honest check and the transformer disagree on fixture ${name}:\n  check:\n    ${byCheck.join("\n    ")}\n  transformer:\n    ${byTransformer.join("\n    ")}`,
      );
    }
    assertEditorAgrees(name, dir, rootNames, compilerOptions, plugin, reported);
  }

  const outputPath = (sourcePath: string) =>
    path
      .join(compilerOptions.outDir!, path.relative(compilerOptions.rootDir!, path.join(dir, sourcePath)))
      .replace(/\.(m|c)?ts$/, (_m, kind: string | undefined) => `.${kind ?? ""}js`);
  return {
    dir,
    diagnostics: reported.map((diagnostic) => describe(diagnostic, dir)),
    printed: honestLines(reported, dir),
    output: (sourcePath) => outputs.get(outputPath(sourcePath)) ?? "",
    load: (sourcePath) => import(pathToFileURL(outputPath(sourcePath)).href),
  };
}

/** Every fixture's generated code, as the example's golden copies, has nothing dead in it: each function and constant it declares is used. */
function assertNothingDead(name: string, outputs: ReadonlyMap<string, string>): void {
  for (const [file, text] of outputs) {
    if (!/\.[mc]?js$/.test(file) || !text.includes("__honest_")) continue;
    const unused = unusedGeneratedDeclarations(text);
    if (unused.length > 0)
      throw new Error(`fixture ${name}: ${path.basename(file)} declares generated code nothing uses: ${unused.join(", ")}`);
  }
}

function describe(diagnostic: ts.Diagnostic, dir: string): ReportedDiagnostic {
  const position =
    diagnostic.file && diagnostic.start !== undefined ? diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start) : undefined;
  return {
    file: diagnostic.file && path.relative(dir, diagnostic.file.fileName).split(path.sep).join("/"),
    line: position && position.line + 1,
    code: diagnostic.code,
    category: (["warning", "error", "suggestion", "message"] as const)[diagnostic.category]!,
    message: ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n"),
  };
}

// Library declaration files (TypeScript's lib, @types/node, hono, honest)
// are parsed once per test worker instead of once per fixture.
const libraryFiles = new Map<string, ts.SourceFile>();

function cachingHost(options: ts.CompilerOptions): ts.CompilerHost {
  const host = ts.createCompilerHost(options);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (fileName, languageVersion, onError, shouldCreate) => {
    if (!fileName.endsWith(".d.ts") || fileName.includes(`${path.sep}.out${path.sep}`))
      return getSourceFile(fileName, languageVersion, onError, shouldCreate);
    const key = `${fileName}|${JSON.stringify(languageVersion)}`;
    let file = libraryFiles.get(key);
    if (!file) {
      file = getSourceFile(fileName, languageVersion, onError, shouldCreate);
      if (file) libraryFiles.set(key, file);
    }
    return file;
  };
  return host;
}
