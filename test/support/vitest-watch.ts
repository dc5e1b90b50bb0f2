import { spawn, type ChildProcess } from "node:child_process";

// `vitest watch` run as a user runs it, in its own process: each run's output
// is what Vitest printed up to its "... for file changes..." line.

const RUN_END = /(?:Waiting|Watching) for file changes\.\.\.\n/g;

export class VitestWatch {
  private output = "";
  private runsRead = 0;
  private readonly child: ChildProcess;
  private readonly exited: Promise<void>;

  constructor(vitestBin: string, args: readonly string[], cwd: string, env: NodeJS.ProcessEnv) {
    this.child = spawn(vitestBin, ["watch", ...args], { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
    this.child.stdout!.setEncoding("utf8").on("data", (chunk: string) => (this.output += chunk));
    this.child.stderr!.setEncoding("utf8").on("data", (chunk: string) => (this.output += chunk));
    this.exited = new Promise((resolve) => this.child.once("exit", () => resolve()));
  }

  /** The output of the next run, once Vitest says it waits for changes again; rejects if Vitest exits first. */
  async nextRun(): Promise<string> {
    const wanted = this.runsRead + 1;
    let exited = false;
    void this.exited.then(() => (exited = true));
    for (;;) {
      const ends = [...this.output.matchAll(RUN_END)];
      if (ends.length >= wanted) {
        const start = wanted === 1 ? 0 : ends[wanted - 2]!.index! + ends[wanted - 2]![0].length;
        this.runsRead = wanted;
        return this.output.slice(start, ends[wanted - 1]!.index! + ends[wanted - 1]![0].length);
      }
      if (exited) throw new Error(`vitest exited before run ${wanted}:\n${this.output}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** Everything Vitest printed so far, for a failed expectation's message. */
  printed(): string {
    return this.output;
  }

  async stop(): Promise<void> {
    if (this.child.exitCode === null && this.child.signalCode === null) {
      this.child.kill("SIGTERM");
      await this.exited;
    }
  }
}
