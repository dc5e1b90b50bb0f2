// The lines `tsc --watch` frames each compilation with (TypeScript's
// messages 6031, 6032, 6193 and 6194, with the time as tsc writes it on a
// terminal), so that an editor's matcher for tsc's watch mode (VS Code's
// `$tsc-watch`) knows when honest's `--watch` starts and ends a run
// (docs/setup/checking-in-ci.md, "Checking in CI").

/** `[3:04:05 PM] Starting compilation in watch mode...`, or the line for a run after a change. */
export function watchStarting(first: boolean): string {
  const message = first ? "Starting compilation in watch mode..." : "File change detected. Starting incremental compilation...";
  return `${stamp()} ${message}\n\n`;
}

/** `[3:04:06 PM] Found 1 error. Watching for file changes.` */
export function watchFound(errors: number): string {
  const found = errors === 1 ? "Found 1 error." : `Found ${errors} errors.`;
  return `\n${stamp()} ${found} Watching for file changes.\n\n`;
}

/** The time as tsc prints it: the locale's time of day (`3:04:05 PM` in en-US), in brackets. */
function stamp(): string {
  return `[${new Date().toLocaleTimeString()}]`;
}
