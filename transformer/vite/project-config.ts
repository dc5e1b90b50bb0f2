import path from "node:path";
import ts from "typescript";
import { formatDiagnostics } from "./compile-error.js";

// The project's tsconfig.json, read as tspc reads it, with the few options
// changed that decide only how the output is handed over: one file at a time,
// with a source map, never to disk, and always as an ES module (docs/guide/testing-with-vitest.md,
// "Testing with Vitest").

export interface ProjectConfig {
  readonly configFile: string;
  readonly options: ts.CompilerOptions;
  readonly fileNames: readonly string[];
  readonly projectReferences: readonly ts.ProjectReference[] | undefined;
  /** The tsconfig.json and every file it extends: a change to one of them means reading it again. */
  readonly configFiles: readonly string[];
}

/** `tsconfig` as given (relative to Vite's root), or the tsconfig.json tspc would find from there: in `root` or the nearest folder above. */
export function findTsconfig(root: string, tsconfig: string | undefined): string {
  if (tsconfig !== undefined) {
    const file = path.resolve(root, tsconfig);
    if (!ts.sys.fileExists(file)) {
      throw new Error(
        `honest/vite: honest({ tsconfig: ${JSON.stringify(tsconfig)} }) names ${file}, which does not exist; give the path of the project's tsconfig.json, relative to Vite's root ${root}.`,
      );
    }
    return file;
  }
  const found = ts.findConfigFile(root, ts.sys.fileExists);
  if (!found) {
    throw new Error(
      `honest/vite: no tsconfig.json in ${root} or a folder above it, so there is no program to compile; ` +
        `add one (README, "Adding honest to a project"), or name it with honest({ tsconfig: "path/to/tsconfig.json" }).`,
    );
  }
  return path.resolve(found);
}

/** Reads the project; `esm` forces ES module output for a project tspc would emit as CommonJS. */
export function readProjectConfig(configFile: string, esm: boolean): ProjectConfig {
  const json = ts.readJsonConfigFile(configFile, ts.sys.readFile);
  const parsed = ts.parseJsonSourceFileConfigFileContent(json, ts.sys, path.dirname(configFile), undefined, configFile);
  if (parsed.errors.length > 0) throw new Error(`honest/vite: ${configFile} has errors:\n${formatDiagnostics(parsed.errors)}`);
  if (parsed.fileNames.length === 0 && parsed.projectReferences?.length) {
    const references = parsed.projectReferences.map((reference) => path.relative(path.dirname(configFile), reference.path)).join(", ");
    throw new Error(
      `honest/vite: ${configFile} lists no files of its own, only references (${references}); ` +
        `name the tsconfig.json of the project with the controllers, as in honest({ tsconfig: "path/to/tsconfig.json" }).`,
    );
  }
  return {
    configFile,
    options: emitOptions(parsed.options, esm),
    fileNames: parsed.fileNames,
    projectReferences: parsed.projectReferences,
    configFiles: [configFile, ...(json.extendedSourceFiles ?? [])].map((file) => path.resolve(file)),
  };
}

function emitOptions(options: ts.CompilerOptions, esm: boolean): ts.CompilerOptions {
  return {
    ...options,
    // Vite takes JavaScript and a source map from each transform, and writes nothing.
    noEmit: false,
    emitDeclarationOnly: false,
    noEmitOnError: false,
    declaration: false,
    declarationMap: false,
    composite: false,
    incremental: false,
    tsBuildInfoFile: undefined,
    sourceMap: true,
    inlineSourceMap: false,
    inlineSources: false,
    ...(esm ? { module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler } : {}),
  };
}

/** Whether tspc would emit this file as CommonJS, which Vite cannot run as a module. */
export function emitsCommonJs(options: ts.CompilerOptions, file: ts.SourceFile): boolean {
  const module = options.module ?? defaultModule(options);
  if (module >= ts.ModuleKind.Node16 && module <= ts.ModuleKind.NodeNext) return file.impliedNodeFormat === ts.ModuleKind.CommonJS;
  return module < ts.ModuleKind.ES2015;
}

/** TypeScript's default `module`: ES modules for a target of ES2015 or later, which TypeScript 6 assumes when none is given. */
function defaultModule(options: ts.CompilerOptions): ts.ModuleKind {
  const target = options.target ?? (Number(ts.versionMajorMinor.split(".")[0]) >= 6 ? ts.ScriptTarget.ESNext : ts.ScriptTarget.ES5);
  return target >= ts.ScriptTarget.ES2015 ? ts.ModuleKind.ES2015 : ts.ModuleKind.CommonJS;
}
