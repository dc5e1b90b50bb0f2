import fs from "node:fs";
import path from "node:path";
import type { Generation, ProjectGeneration } from "../generator/project-generation.js";

// `honest generate --watch`: generate, then again after every change to the
// project's files, until interrupted. Changes come in bursts (an editor's
// save, a git checkout), so a run waits for a quiet moment; the module is
// rewritten only when its text changes, so its own write is no change.

const QUIET_MS = 60;
const IGNORED = /(^|[\\/])(node_modules|\.git|dist)([\\/]|$)/;

export function watchProject(
  generation: ProjectGeneration,
  directory: string,
  report: (result: Generation, started: number) => number,
): void {
  let timer: NodeJS.Timeout | undefined;
  let moduleFile: string | undefined;
  const run = () => {
    timer = undefined;
    const started = performance.now();
    try {
      const result = generation.run();
      moduleFile = result.moduleFile;
      report(result, started);
    } catch (error) {
      process.stderr.write(`honest: ${(error as Error).message}\n`);
    }
  };
  run();
  const watcher = fs.watch(directory, { recursive: true }, (_event, name) => {
    if (name === null || IGNORED.test(name)) return;
    const file = path.join(directory, name);
    if (file === moduleFile || !/\.(m|c)?tsx?$|\.json$/.test(name)) return;
    clearTimeout(timer);
    timer = setTimeout(run, QUIET_MS);
  });
  process.stdout.write("honest: watching for changes (Ctrl+C to stop)\n");
  const stop = () => {
    watcher.close();
    clearTimeout(timer);
    generation.close();
    process.exit(0);
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
}
