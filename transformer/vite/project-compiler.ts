import ts from "typescript";
import { emitsCommonJs, readProjectConfig } from "./project-config.js";
import { ProjectHost } from "./project-host.js";
import { ProgramRun, type Outcome } from "./program-run.js";

// The project kept warm between files and edits: a TypeScript language
// service over the project's tsconfig, whose program is rebuilt only where
// files changed, and what Vite holds of each file honest compiled, so that an
// edit can name the other files whose output it changed (docs/guide/testing-with-vitest.md, "Testing
// with Vitest").

export type CompiledFile = Extract<Outcome, { ok: true }>;

/** What Vite holds of a file honest compiled. */
interface Held {
  /** The output, or the error's text: what changes when the file must be loaded again. */
  readonly fingerprint: string;
  /** Whether the output depends on other files: honest rewrote it, or it failed (the program's errors are listed). */
  readonly dependsOnProgram: boolean;
}

export type WatchEvent = "add" | "change" | "unlink";

const TYPESCRIPT_FILE = /\.(?:[cm]?ts|tsx)$/;

export class ProjectCompiler {
  private readonly host: ProjectHost;
  private readonly service: ts.LanguageService;
  /** Set while the tsconfig cannot be read after an edit: every file fails with it until it is fixed. */
  private unreadable: Error | undefined;
  private esm = false;
  private run: ProgramRun | undefined;
  private readonly held = new Map<string, Held>();

  constructor(readonly configFile: string) {
    this.host = new ProjectHost(readProjectConfig(configFile, this.esm));
    this.service = ts.createLanguageService(this.host, ts.createDocumentRegistry());
  }

  /** Whether the tsconfig names the file (its files or include), without building the program. */
  lists(fileName: string): boolean {
    return this.host.config.fileNames.includes(fileName);
  }

  /** Whether the file is one tspc compiles in this project (so honest compiles it here). */
  compiles(fileName: string): boolean {
    return this.current().sourceFile(fileName) !== undefined;
  }

  /** The file's output as tspc emits it; throws the errors that must keep it from running. */
  compile(fileName: string): CompiledFile {
    let run = this.current();
    let file = run.sourceFile(fileName);
    if (!file) throw new Error(`honest/vite: ${fileName} is not in the program of ${this.configFile}`);
    if (!this.esm && emitsCommonJs(this.host.config.options, file)) {
      // Vite runs ES modules: a project tspc emits as CommonJS is compiled as ES modules here.
      this.esm = true;
      this.host.config = readProjectConfig(this.configFile, true);
      run = this.current();
      file = run.sourceFile(fileName)!;
    }
    const outcome = run.outcome(file);
    this.held.set(fileName, held(outcome));
    if (!outcome.ok) throw outcome.error;
    return outcome;
  }

  /**
   * After the watcher reports a file: the other files Vite holds whose output
   * is now different (a controller added changes what createApp() mounts, an
   * error anywhere fails every file honest rewrote). The reported file itself
   * Vite reloads on its own.
   */
  changed(fileName: string, event: WatchEvent): string[] {
    if (this.host.config.configFiles.includes(fileName) || this.unreadable) {
      if (!this.reread()) return [...this.held.keys()];
    } else if (event !== "change" && TYPESCRIPT_FILE.test(fileName)) {
      const before = this.host.config.fileNames;
      if (!this.reread()) return [...this.held.keys()];
      if (sameFiles(before, this.host.config.fileNames)) return [];
    } else if (!this.run?.sourceFile(fileName)) {
      return [];
    }
    if (event === "unlink") this.held.delete(fileName);
    const previous = this.run;
    const run = this.current();
    if (run === previous) return [];

    const stale: string[] = [];
    for (const [heldName, before] of this.held) {
      if (heldName === fileName) continue;
      const file = run.sourceFile(heldName);
      if (!file) {
        this.held.delete(heldName);
        stale.push(heldName);
        continue;
      }
      if (!before.dependsOnProgram && !run.hasHonestErrorsAt(file)) continue;
      const now = held(run.outcome(file));
      if (now.fingerprint !== before.fingerprint) {
        this.held.set(heldName, now);
        stale.push(heldName);
      }
    }
    return stale;
  }

  private current(): ProgramRun {
    if (this.unreadable) throw this.unreadable;
    const program = this.service.getProgram()!;
    if (this.run?.program !== program) this.run = new ProgramRun(program);
    return this.run;
  }

  /** Reads the tsconfig again; false if it cannot be read, which every file then reports. */
  private reread(): boolean {
    try {
      this.host.config = readProjectConfig(this.configFile, this.esm);
      this.unreadable = undefined;
      return true;
    } catch (error) {
      this.unreadable = error as Error;
      return false;
    }
  }
}

function held(outcome: Outcome): Held {
  return outcome.ok
    ? { fingerprint: outcome.code, dependsOnProgram: outcome.rewritten }
    : { fingerprint: outcome.error.message, dependsOnProgram: true };
}

function sameFiles(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((file, index) => file === b[index]);
}
