// A LanguageServiceHost as an editor's tsserver keeps one: the project's
// files from its tsconfig, each with a version and its text in memory, so an
// edit is a new text and a new version of one file (with the change's range,
// which lets TypeScript reparse only around it), and everything else (lib
// files, node_modules) is read from disk as tsserver reads it.

import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { REPO } from "../scale/generate.mjs";

// The same `typescript` module honest's dist/cjs loads: syntax kinds and the
// program's objects must be the ones honest reads.
export const ts = createRequire(join(REPO, "package.json"))("typescript");

/** A file's text, and how it differs from the text before it (tsserver's snapshots say the same). */
class Snapshot {
  constructor(text, previous, change) {
    this.text = text;
    this.previous = previous;
    this.change = change;
  }
  getText(start, end) {
    return this.text.slice(start, end);
  }
  getLength() {
    return this.text.length;
  }
  getChangeRange(old) {
    return old === this.previous ? this.change : undefined;
  }
}

/** The range of `before` that `after` replaces: the span between their common start and common end. */
function changeRange(before, after) {
  let start = 0;
  const shorter = Math.min(before.length, after.length);
  while (start < shorter && before.charCodeAt(start) === after.charCodeAt(start)) start++;
  let end = 0;
  while (end < shorter - start && before.charCodeAt(before.length - 1 - end) === after.charCodeAt(after.length - 1 - end)) end++;
  return ts.createTextChangeRange(ts.createTextSpan(start, before.length - end - start), after.length - end - start);
}

export class EditorHost {
  /** The project of `configFile`, its own files read once into memory. */
  constructor(configFile) {
    const config = ts.getParsedCommandLineOfConfigFile(configFile, {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} });
    if (!config || config.errors.length > 0) throw new Error(`cannot read ${configFile}`);
    this.options = config.options;
    this.directory = dirname(configFile);
    this.files = new Map(config.fileNames.map((fileName) => [fileName, { version: 1, snapshot: new Snapshot(ts.sys.readFile(fileName)) }]));
  }

  /** The file's text as the editor has it now. */
  text(fileName) {
    return this.files.get(fileName).snapshot.text;
  }

  /** The editor's text of `fileName` becomes `text`: a new version. */
  edit(fileName, text) {
    const file = this.files.get(fileName);
    const before = file.snapshot;
    file.snapshot = new Snapshot(text, before, changeRange(before.text, text));
    file.version++;
  }

  getCompilationSettings() {
    return this.options;
  }
  getScriptFileNames() {
    return [...this.files.keys()];
  }
  getScriptVersion(fileName) {
    return String(this.files.get(fileName)?.version ?? 0);
  }
  getScriptSnapshot(fileName) {
    const file = this.files.get(fileName);
    if (file) return file.snapshot;
    const text = ts.sys.readFile(fileName);
    return text === undefined ? undefined : ts.ScriptSnapshot.fromString(text);
  }
  getCurrentDirectory() {
    return this.directory;
  }
  getDefaultLibFileName(options) {
    return ts.getDefaultLibFilePath(options);
  }
  useCaseSensitiveFileNames() {
    return ts.sys.useCaseSensitiveFileNames;
  }
  fileExists(fileName) {
    return this.files.has(fileName) || ts.sys.fileExists(fileName);
  }
  readFile(fileName) {
    return this.files.get(fileName)?.snapshot.text ?? ts.sys.readFile(fileName);
  }
  readDirectory = ts.sys.readDirectory;
  directoryExists = ts.sys.directoryExists;
  getDirectories = ts.sys.getDirectories;
  realpath = ts.sys.realpath;
}
