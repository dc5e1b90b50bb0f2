import { spawn } from "node:child_process";
import { setTimeout as sleep } from "node:timers/promises";
import { childEnv } from "./commands.js";

// A server run by some runtime (node, bun, deno, workerd) as its own
// process on a loopback port: ready once it answers GET /health over a real
// socket, whatever it prints, since not every runtime says when it listens.

export interface RuntimeServer {
  readonly baseUrl: string;
  /** What the process printed so far, stdout then stderr. */
  output(): string;
  /** Ends the process (SIGTERM, then SIGKILL if it lingers) and waits for it. */
  stop(): Promise<void>;
}

const READY_WITHIN_MS = 60_000;
const STOP_WITHIN_MS = 10_000;

export async function startRuntimeServer(
  command: string,
  args: readonly string[],
  options: { readonly cwd: string; readonly port: number; readonly env?: Record<string, string> },
): Promise<RuntimeServer> {
  const child = spawn(command, args, { cwd: options.cwd, env: childEnv(options.env), stdio: ["ignore", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
  let exit: string | undefined;
  const exited = new Promise<void>((resolve) =>
    child.once("exit", (code, signal) => {
      exit = `code ${code}, signal ${signal}`;
      resolve();
    }),
  );
  const baseUrl = `http://127.0.0.1:${options.port}`;
  const output = () => stdout + stderr;
  const stop = async () => {
    if (exit !== undefined) return;
    child.kill("SIGTERM");
    const lingering = setTimeout(() => child.kill("SIGKILL"), STOP_WITHIN_MS);
    await exited;
    clearTimeout(lingering);
  };

  const deadline = Date.now() + READY_WITHIN_MS;
  for (;;) {
    if (exit !== undefined) throw new Error(`${command} ${args.join(" ")} exited (${exit}) before answering\n${output()}`);
    const status = await fetch(`${baseUrl}/health`).then(
      async (response) => {
        await response.arrayBuffer();
        return response.status;
      },
      () => undefined,
    );
    if (status === 200) return { baseUrl, output, stop };
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`${command} ${args.join(" ")} did not answer GET /health with 200 (last: ${status ?? "no connection"})\n${output()}`);
    }
    await sleep(50);
  }
}
