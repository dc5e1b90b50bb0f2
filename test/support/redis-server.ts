import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { chownSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { connectionRefused, freePort } from "./http.js";

// A real Redis server for the tests of the "redis" Vitest project (npm run
// test:redis, and test:all as CI runs it): Debian's redis-server, which
// .ci/run installs when it is missing, started by the test file that needs it
// on a free port of 127.0.0.1, with its files in a temporary folder, nothing
// saved to disk, and stopped (the folder removed) when the file ends. As
// root, which these machines run tests as, it runs as `nobody` through
// runuser, as an ordinary user would run it (docs/contributing.md, "Tests and lint").

export interface RedisServer {
  /** `redis://127.0.0.1:<port>`. */
  readonly url: string;
  readonly port: number;
  /** Stops the server with SIGKILL (what a crash looks like to its clients) and removes its folder. */
  kill(): Promise<void>;
  /** Stops the server and removes its folder. */
  stop(): Promise<void>;
}

/** Starts a new redis-server (on `port` when given: a server back where one was killed); resolves once it accepts connections. */
export async function startRedisServer({ port: wanted }: { readonly port?: number } = {}): Promise<RedisServer> {
  const binary = redisBinary();
  const dir = mkdtempSync(path.join(os.tmpdir(), "honest-redis-"));
  const port = wanted ?? (await freePort());
  const runAs = process.getuid?.() === 0 ? "nobody" : undefined;
  if (runAs) {
    const uid = Number(spawnSync("id", ["-u", runAs], { encoding: "utf8" }).stdout.trim());
    const gid = Number(spawnSync("id", ["-g", runAs], { encoding: "utf8" }).stdout.trim());
    chownSync(dir, uid, gid);
  }
  const args = ["--port", String(port), "--bind", "127.0.0.1", "--dir", dir, "--save", "", "--appendonly", "no", "--protected-mode", "no"];
  const [file, argv] = runAs ? ["runuser", ["-u", runAs, "--", binary, ...args]] : [binary, args];
  const child = spawn(file, argv, { cwd: dir, stdio: ["ignore", "pipe", "pipe"] });
  // runuser passes SIGTERM on to the server it started, and waits for it; SIGKILL would end runuser alone and leave
  // the server running, so it goes to the server itself, which runuser then sees end.
  const signalServer = (signal: NodeJS.Signals) => {
    const server = runAs && signal === "SIGKILL" ? childOf(child.pid!) : child.pid;
    if (server !== undefined) process.kill(server, signal);
  };
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const remove = () => rmSync(dir, { recursive: true, force: true });
  try {
    await waitForPort(port, child, () => output);
  } catch (error) {
    child.kill("SIGKILL");
    await exited;
    remove();
    throw error;
  }
  const end = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) {
      signalServer(signal);
      await exited;
    }
    remove();
  };
  return { url: `redis://127.0.0.1:${port}`, port, kill: () => end("SIGKILL"), stop: () => end("SIGTERM") };
}

/** The process `pid` started (Linux's /proc), if it is still running. */
function childOf(pid: number): number | undefined {
  try {
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim();
    return children === "" ? undefined : Number(children.split(" ")[0]);
  } catch {
    return undefined;
  }
}

/** redis-server on PATH, or where Debian's package puts it. */
function redisBinary(): string {
  for (const candidate of [
    ...(process.env.PATH ?? "").split(path.delimiter).map((dir) => path.join(dir, "redis-server")),
    "/usr/bin/redis-server",
  ]) {
    if (spawnSync(candidate, ["--version"], { encoding: "utf8" }).status === 0) return candidate;
  }
  throw new Error(
    "these tests need a Redis server, and no redis-server was found on PATH: install Debian's redis-server package " +
      "(apt-get install redis-server, as .ci/run does) or your system's",
  );
}

/** Resolves once something accepts connections on `port`, failing if the server exits or 10 s pass. */
async function waitForPort(port: number, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`redis-server exited before it listened:\n${output()}`);
    if (!(await connectionRefused(port))) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`redis-server did not listen on ${port} within 10 s:\n${output()}`);
}
