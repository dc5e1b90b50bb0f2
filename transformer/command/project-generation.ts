import path from "node:path";
import { API, type Project, type Snapshot } from "typescript7/unstable/sync";
import { typescript7SyntaxFactory } from "../compiler/generate/factories/typescript7-syntax-factory.js";
import { typescript7Facts } from "../compiler/facts/typescript7-facts.js";
import { analyseWithOptions, programOutputs } from "../compiler/program/program-analysis.js";
import { type FileChanges, type Generation, type GenerationOptions, MODULE_NAME, routeCount } from "./generation.js";
import { generatedModuleStatements } from "./generated-module.js";
import { moduleView } from "./module-view.js";
import { printModuleInParts } from "./module-printing.js";
import { printedDiagnostics } from "./printed-diagnostics.js";
import { pluginEntryOf } from "./tsconfig-plugin-entry.js";
import { envVariables } from "./env-listing.js";

// One project, analysed by TypeScript 7 through the pinned copy of its API
// that generator mode needs (`typescript7`, an optional peer dependency of
// honest's: honest.ts loads this module only in generator mode, and says how
// to install it when it is missing; the user's tsc may be any version), and
// the text of the module `honest generate` writes for it (docs/setup/typescript-7.md,
// "TypeScript 7: generator mode").
// The API's process stays open between runs, so `--watch` asks again only
// about what changed.

export class ProjectGeneration {
  readonly #api: API;
  readonly #shared: boolean;
  readonly #options: GenerationOptions;
  #snapshot: Snapshot | undefined;

  /**
   * `shared`: an API process that outlives this generation (the tests start
   * one per worker for all their fixtures); close() then releases only this
   * project, and every run reads the files again, since the process may have
   * read the same paths for an earlier project. The first run also empties
   * the API's cache of parsed files: a file cached for an earlier project at
   * the same path, with the same text, would be given back with node handles
   * that project's checker owned (TypeScript 7.0.2 then fails: "handle may be
   * stale").
   */
  constructor(options: GenerationOptions, shared?: API) {
    this.#options = options;
    this.#shared = shared !== undefined;
    this.#api = shared ?? new API({ cwd: path.dirname(options.configFile) });
  }

  /**
   * Analyses the project as it is on disk now. After the first run, `changes`
   * names what changed (`--watch` knows); without it every file is read again.
   * Files created or deleted must be named: TypeScript 7 does not list the
   * tsconfig's folders again for `invalidateAll` (7.0.2).
   */
  run(changes?: FileChanges): Generation {
    const { configFile } = this.#options;
    if (this.#shared && !this.#snapshot) this.#api.clearSourceFileCache();
    const fileChanges = changes
      ? { changed: [...changes.changed], created: [...changes.created], deleted: [...changes.deleted] }
      : { invalidateAll: true as const };
    const snapshot = this.#api.updateSnapshot(
      this.#snapshot || this.#shared ? { openProjects: [configFile], fileChanges } : { openProjects: [configFile] },
    );
    this.#snapshot = snapshot;
    const project = snapshot.getProject(configFile);
    if (!project) throw new Error(`honest: TypeScript 7 found no project for ${configFile}`);
    return this.#generate(project);
  }

  close(): void {
    if (!this.#shared) {
      this.#api.close();
      return;
    }
    this.#snapshot?.dispose();
    this.#api.updateSnapshot({ closeProjects: [this.#options.configFile] }).dispose();
  }

  #generate(project: Project): Generation {
    const { configFile, cwd, command } = this.#options;
    const facts = typescript7Facts(project);
    const sink = printedDiagnostics(cwd);
    const files = facts.sourceFiles();
    const moduleFile = this.#options.out ?? defaultModuleFile(files, project);
    const analysis = analyseWithOptions(facts, path.dirname(configFile), pluginEntryOf(configFile), sink, { generatedModule: moduleFile });
    const { model } = analysis;
    const openapi = programOutputs(analysis, sink, { against: this.#options.against, write: this.#options.writeDocument ?? true });
    const view = moduleView(model, moduleFile);
    const statements = generatedModuleStatements(view, { moduleFile, command, openapi }, typescript7SyntaxFactory);
    const text = printModuleInParts(statements, project.emitter, moduleFile);
    return {
      moduleFile,
      text: header(path.relative(path.dirname(moduleFile), configFile).split(path.sep).join("/"), command) + text,
      diagnostics: sink.lines,
      errorCount: sink.errors.length,
      routeCount: routeCount(model),
      variables: envVariables(model, cwd),
      importers: importersOf(files, moduleFile),
    };
  }
}

function header(configFile: string, command: string): string {
  return (
    "// @ts-nocheck\n" +
    `// Written by \`${command}\` from ${configFile}. Do not edit: run the command again after changing a controller\n` +
    "// (TypeScript 7: generator mode, https://github.com/honest-ts/honest/blob/main/docs/setup/typescript-7.md). It registers every controller's routes for createApp().\n"
  );
}

/**
 * `honest.generated.ts` in the folder of the first file (by name) that calls
 * createApp(), found by its text; else in the project's rootDir, else beside
 * the tsconfig.json.
 */
function defaultModuleFile(files: readonly SourceText[], project: Project): string {
  for (const file of files) {
    if (path.basename(file.fileName) !== MODULE_NAME && /\bcreateApp\s*\(/.test(file.text)) {
      return path.join(path.dirname(file.fileName), MODULE_NAME);
    }
  }
  const rootDir = project.compilerOptions.rootDir;
  return path.join(typeof rootDir === "string" ? rootDir : path.dirname(project.configFileName), MODULE_NAME);
}

/** The program's files with an import of the module (`import "./honest.generated.js"`), by their text. */
interface SourceText {
  readonly fileName: string;
  readonly text: string;
}

function importersOf(files: readonly SourceText[], moduleFile: string): string[] {
  const stem = moduleFile.replace(/\.ts$/, "");
  return files
    .filter((file) =>
      [...file.text.matchAll(/\bimport\s*(?:[^"';]*\bfrom\s*)?["']([^"']+)["']/g)].some(([, specifier]) => {
        if (!specifier!.startsWith(".")) return false;
        const target = path.resolve(path.dirname(file.fileName), specifier!).replace(/\.(js|ts)$/, "");
        return target === stem;
      }),
    )
    .map((file) => file.fileName);
}
