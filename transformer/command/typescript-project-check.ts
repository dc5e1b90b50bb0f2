import ts from "typescript";
import type { CommittedDocumentName } from "../compiler/openapi/breaking-change-gate.js";
import { typescriptFacts } from "../compiler/facts/typescript-facts.js";
import { honestPluginConfig } from "../compiler/program/plugin-config.js";
import { analyseWithOptions, programOutputs } from "../compiler/program/program-analysis.js";
import { projectDirectoryOf } from "../compiler/program/project-options.js";
import { parseConfig } from "./check-mode.js";
import { printedDiagnostics } from "./printed-diagnostics.js";
import { routeCount } from "./generation.js";
import { envVariables, type ListedVariable } from "./env-listing.js";

// `honest check` on a project tspc builds (docs/setup/checking-in-ci.md, "Checking in CI"): the
// program built from the tsconfig by the project's own TypeScript 5.9 or 6,
// analysed as the plugin analyses it (compiler/program/program-analysis.ts),
// so it reports the lines tspc would. Each run builds the program again,
// from the previous one and the source files whose text is unchanged, as
// `tsc --watch` does.

export interface ProjectCheck {
  /** honest's diagnostics, as tsc prints them. */
  readonly diagnostics: readonly string[];
  readonly errorCount: number;
  readonly routeCount: number;
  /** What the program's Env<T> fields read, for `honest check --env`. */
  readonly variables: readonly ListedVariable[];
}

export class TypescriptProjectCheck {
  readonly #configFile: string;
  readonly #cwd: string;
  readonly #against: CommittedDocumentName | undefined;
  readonly #files = new Map<string, ts.SourceFile>();
  #program: ts.Program | undefined;

  /**
   * `typescript` is the project's own. The facts use the copy this module
   * imports, honest's peer dependency, which an install resolves to the
   * project's own file (npm and pnpm give a peer the dependent's copy); the
   * program and its facts must come from one compiler, so two copies are
   * refused rather than mixed.
   */
  /** `against`: the committed OpenAPI document to check for breaking changes, instead of the plugin options' `against`. */
  constructor(configFile: string, cwd: string, typescript: typeof ts, against?: CommittedDocumentName) {
    if (typescript !== ts) {
      throw new Error(
        `the project's TypeScript (${typescript.version}) is not the copy honest loads (${ts.version}); ` +
          "install honest in the project that has typescript, so both resolve to one package.",
      );
    }
    this.#configFile = configFile;
    this.#cwd = cwd;
    this.#against = against;
  }

  run(): ProjectCheck {
    const parsed = parseConfig(ts, this.#configFile);
    const program = ts.createProgram({
      rootNames: parsed.fileNames,
      options: parsed.options,
      projectReferences: parsed.projectReferences,
      host: this.#host(parsed.options),
      ...(this.#program && { oldProgram: this.#program }),
    });
    this.#program = program;
    const sink = printedDiagnostics(this.#cwd);
    const analysis = analyseWithOptions(typescriptFacts(program), projectDirectoryOf(program), honestPluginConfig(parsed.options), sink);
    // The breaking-change gate, as tspc runs it, but writing nothing.
    const against = this.#against ?? analysis.options.openapi?.against;
    if (against) programOutputs(analysis, sink, { against, write: false });
    return {
      diagnostics: sink.lines,
      errorCount: sink.errors.length,
      routeCount: routeCount(analysis.model),
      variables: envVariables(analysis.model, this.#cwd),
    };
  }

  close(): void {
    this.#program = undefined;
    this.#files.clear();
  }

  /** A compiler host that hands back the same SourceFile while a file's text is unchanged, so the old program's files are reused. */
  #host(options: ts.CompilerOptions): ts.CompilerHost {
    const host = ts.createCompilerHost(options, true);
    const getSourceFile = host.getSourceFile.bind(host);
    host.getSourceFile = (fileName, languageVersion, onError, shouldCreate) => {
      const settings = typeof languageVersion === "object" ? languageVersion : { languageVersion };
      const key = `${fileName}\0${settings.languageVersion}\0${settings.impliedNodeFormat ?? ""}`;
      const text = host.readFile(fileName);
      const known = this.#files.get(key);
      if (!shouldCreate && known && known.text === text) return known;
      const file = getSourceFile(fileName, languageVersion, onError, shouldCreate);
      if (file) this.#files.set(key, file);
      else this.#files.delete(key);
      return file;
    };
    return host;
  }
}
