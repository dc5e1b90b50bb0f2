import fs from "node:fs";
import path from "node:path";
import type { FileChanges } from "./generation.js";
import { watchFound, watchStarting } from "./watch-status.js";

// `honest generate --watch` and `honest check --watch`: a run, then another
// after every change to the project's files, until interrupted, each framed
// as tsc --watch frames a compilation (watch-status.ts). Changes come in
// bursts (an editor's save, a git checkout), so a run waits for a quiet
// moment; the module is rewritten only when its text changes, so its own
// write is no change.
//
// Each folder is watched on its own: Node 20's recursive fs.watch on Linux
// follows files by inode and missed both files replaced by a rename (as
// editors and `sed -i` save) and new files. The folders are listed again
// after each run, so a new folder is watched too. Each run tells TypeScript 7
// which files changed, were created or were deleted: it does not look for
// new files by itself.

const QUIET_MS = 60;
const IGNORED = new Set(["node_modules", ".git", "dist"]);
const SOURCE = /\.(m|c)?tsx?$|\.json$/;

/** What is run again: `honest generate`'s generation, or `honest check`'s analysis of a tspc project. */
export interface WatchedRun<Result> {
  run(changes?: FileChanges): Result;
  close(): void;
}

/** `report` prints a run's result and returns its number of errors. */
export function watchProject<Result extends { readonly errorCount: number; readonly moduleFile?: string }>(
  generation: WatchedRun<Result>,
  directory: string,
  report: (result: Result, started: number) => number,
): void {
  const watchers = new Map<string, fs.FSWatcher>();
  const known = new Set<string>();
  const pending = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  let moduleFile: string | undefined;

  const changed = (folder: string) => (_event: string, name: string | Buffer | null) => {
    if (name === null) return;
    const file = path.join(folder, name.toString());
    if (file === moduleFile || (!SOURCE.test(file) && !isFolder(file))) return;
    pending.add(file);
    clearTimeout(timer);
    timer = setTimeout(run, QUIET_MS);
  };
  const watchFolders = () => {
    const { folders, files } = listed(directory);
    for (const [folder, watcher] of watchers) {
      if (!folders.includes(folder)) {
        watcher.close();
        watchers.delete(folder);
      }
    }
    for (const folder of folders) {
      if (!watchers.has(folder)) watchers.set(folder, fs.watch(folder, changed(folder)));
    }
    return files;
  };
  /** What changed since the last run, from the files named by events and a new listing. */
  const changes = (files: ReadonlySet<string>): FileChanges => {
    const created = [...files].filter((file) => !known.has(file));
    const deleted = [...known].filter((file) => !files.has(file));
    const edited = [...pending].filter((file) => files.has(file) && known.has(file));
    return { changed: edited, created, deleted };
  };
  const run = (first = false) => {
    timer = undefined;
    const started = performance.now();
    const files = watchFolders();
    process.stdout.write(watchStarting(first));
    let errors = 1;
    try {
      const result = generation.run(first ? undefined : changes(files));
      moduleFile = result.moduleFile;
      errors = report(result, started);
    } catch (error) {
      process.stdout.write(`honest: ${(error as Error).message}\n`);
    }
    process.stdout.write(watchFound(errors));
    pending.clear();
    known.clear();
    for (const file of files) known.add(file);
  };

  run(true);
  const stop = () => {
    for (const watcher of watchers.values()) watcher.close();
    clearTimeout(timer);
    generation.close();
    process.exit(0);
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
}

/** The folders under `root` (but dependencies, output, .git) and the source files in them. */
function listed(root: string, found = { folders: [] as string[], files: new Set<string>() }) {
  found.folders.push(root);
  for (const entry of fs.readdirSync(root, { withFileTypes: true })) {
    const full = path.join(root, entry.name);
    if (entry.isDirectory() && !IGNORED.has(entry.name)) listed(full, found);
    else if (entry.isFile() && SOURCE.test(entry.name)) found.files.add(full);
  }
  return found;
}

function isFolder(file: string): boolean {
  try {
    return fs.statSync(file).isDirectory();
  } catch {
    return false;
  }
}
