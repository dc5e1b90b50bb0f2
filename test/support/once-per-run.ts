import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

// Work that every test file of a run shares, done by the first file that
// asks: under a lock (a folder, which only one process can create) in the
// run's folder (support/pack-once.ts makes it), the others waiting for its
// answer. A failure is kept too, so that the others fail at once with it.

/** How long a test file waits for another to finish. */
const WAIT_MS = 600_000;

/** The run's folder, or undefined when Vitest was started without support/pack-once.ts. */
export function runFolder(): string | undefined {
  return process.env.HONEST_PACK_DIR;
}

/** The answer `make` gave for `name` in this run, made now if no test file has made it yet. */
export function oncePerRun(runDir: string, name: string, make: () => string): string {
  const done = path.join(runDir, `${name}.done`);
  const failed = path.join(runDir, `${name}.failed`);
  const until = Date.now() + WAIT_MS;
  while (!existsSync(done)) {
    if (existsSync(failed)) throw new Error(`another test file failed to make ${name}:\n${readFileSync(failed, "utf8")}`);
    try {
      mkdirSync(path.join(runDir, `${name}.lock`));
    } catch {
      if (Date.now() > until) throw new Error(`waited ${WAIT_MS / 1000} s for another test file to make ${name} in ${runDir}`);
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 250);
      continue;
    }
    let answer: string;
    try {
      answer = make();
    } catch (error) {
      writeFileSync(failed, error instanceof Error ? (error.stack ?? error.message) : String(error));
      throw error;
    }
    writeFileSync(done, answer);
  }
  return readFileSync(done, "utf8");
}
