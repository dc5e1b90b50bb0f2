import { statSync } from "node:fs";
import ts from "typescript";
import type { ProjectConfig } from "./project-config.js";

// What the language service sees of the project: the files on disk, each
// versioned by its modification time and size, so that every program it
// builds is the project as it is now (whether or not a watcher told us of
// the edit), while unchanged files keep their syntax trees from the last one.

export class ProjectHost implements ts.LanguageServiceHost {
  constructor(public config: ProjectConfig) {}

  getCompilationSettings(): ts.CompilerOptions {
    return this.config.options;
  }

  getScriptFileNames(): string[] {
    return [...this.config.fileNames];
  }

  getProjectReferences(): readonly ts.ProjectReference[] | undefined {
    return this.config.projectReferences;
  }

  getScriptVersion(fileName: string): string {
    const stat = statSync(fileName, { bigint: true, throwIfNoEntry: false });
    return stat ? `${stat.mtimeNs}:${stat.size}` : "";
  }

  getScriptSnapshot(fileName: string): ts.IScriptSnapshot | undefined {
    const text = ts.sys.readFile(fileName);
    return text === undefined ? undefined : ts.ScriptSnapshot.fromString(text);
  }

  getCurrentDirectory(): string {
    return process.cwd();
  }

  getDefaultLibFileName(options: ts.CompilerOptions): string {
    return ts.getDefaultLibFilePath(options);
  }

  useCaseSensitiveFileNames(): boolean {
    return ts.sys.useCaseSensitiveFileNames;
  }

  fileExists = ts.sys.fileExists;
  readFile = ts.sys.readFile;
  readDirectory = ts.sys.readDirectory;
  directoryExists = ts.sys.directoryExists;
  getDirectories = ts.sys.getDirectories;
  realpath = ts.sys.realpath;
}
