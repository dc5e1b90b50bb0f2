import { spawn, type ChildProcess } from "node:child_process";

// A server started as its own Node process, as a user starts one: its output
// collected, its exit awaited.

export interface NodeProcess {
  readonly child: ChildProcess;
  readonly exited: Promise<{ readonly code: number | null; readonly signal: NodeJS.Signals | null }>;
  stdout(): string;
  stderr(): string;
  /** Resolves once `honest: listening on ...` is printed, or pino's line saying so; rejects if the process exits first. */
  listening(): Promise<void>;
}

export function startNode(script: string, options: { readonly cwd?: string; readonly env: NodeJS.ProcessEnv }): NodeProcess {
  const child = spawn(process.execPath, [script], { cwd: options.cwd, env: options.env, stdio: ["ignore", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  child.stdout!.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
  child.stderr!.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal })),
  );
  const listening = () =>
    new Promise<void>((resolve, reject) => {
      const check = () => {
        if (/honest: listening on [^\n]*\n|"msg":"listening on [^\n]*\n/.test(stdout)) {
          child.stdout!.off("data", check);
          resolve();
        }
      };
      child.stdout!.on("data", check);
      check();
      void exited.then(({ code, signal }) =>
        reject(new Error(`${script} exited (code ${code}, signal ${signal}) before listening\n${stdout}${stderr}`)),
      );
    });
  return { child, exited, stdout: () => stdout, stderr: () => stderr, listening };
}

/** Ends the process if a test left it running. */
export async function stopNode(node: NodeProcess | undefined): Promise<void> {
  if (node && node.child.exitCode === null && node.child.signalCode === null) {
    node.child.kill("SIGKILL");
    await node.exited;
  }
}
