import type { ChildProcess } from "node:child_process";

// A long-running child process (tspc --watch, node --watch, npm run dev)
// whose standard output and error a test reads as they come.

export interface Watched {
  readonly child: ChildProcess;
  output(): string;
  /** Resolves with the output once `pattern` has matched `count` times in all of it. */
  waitFor(pattern: RegExp, count?: number, timeout?: number): Promise<string>;
  /** Resolves with the exit code or signal once the process has exited. */
  readonly exited: Promise<number | NodeJS.Signals>;
  /** Ends it with SIGTERM, if it still runs. */
  stop(): Promise<void>;
}

export function watched(child: ChildProcess): Watched {
  let output = "";
  child.stdout!.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
  child.stderr!.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
  const exited = new Promise<number | NodeJS.Signals>((resolve) => child.once("exit", (code, signal) => resolve(code ?? signal!)));
  return {
    child,
    exited,
    output: () => output,
    waitFor: (pattern, count = 1, timeout = 60_000) =>
      new Promise((resolve, reject) => {
        const global = new RegExp(pattern.source, pattern.flags.includes("g") ? pattern.flags : `${pattern.flags}g`);
        const deadline = setTimeout(() => {
          clearInterval(check);
          reject(new Error(`${pattern} did not match ${count} time(s) in ${timeout} ms; the output:\n${output}`));
        }, timeout);
        const check = setInterval(() => {
          if ((output.match(global) ?? []).length >= count) {
            clearInterval(check);
            clearTimeout(deadline);
            resolve(output);
          }
        }, 50);
      }),
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill("SIGTERM");
        await exited;
      }
    },
  };
}
