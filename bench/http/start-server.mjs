import { execFileSync, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { request } from "node:http";
import { createServer } from "node:net";
import { fileURLToPath } from "node:url";
import { pinned, SERVER_CORE } from "./pin.mjs";

// A fresh server process per measurement: spawned pinned, timed until it
// first answers GET /health with 200, and its resident memory and CPU time
// read from /proc.

const SERVER = fileURLToPath(new URL("./server.mjs", import.meta.url));
const STARTUP_LIMIT_MS = 15_000;

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer().once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** The status of GET /health, or undefined when nothing answers yet. */
function health(port) {
  return new Promise((resolve) => {
    const req = request({ host: "127.0.0.1", port, path: "/health", agent: false }, (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode));
    });
    req.on("error", () => resolve(undefined));
    req.end();
  });
}

/** Clock ticks per second, the unit of /proc/<pid>/stat's CPU times. */
const TICKS = (() => {
  try {
    return Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;
  } catch {
    return 100;
  }
})();

const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** One of the bench's implementations, `bench/http/server.mjs <implementation>`. */
export function startServer(implementation) {
  return startNodeServer(implementation, [SERVER, implementation]);
}

/**
 * `node <args>` on the server core with PORT set to a free port, once it
 * answers GET /health. With `captureOutput` its standard output and error are
 * kept (read them with output()) instead of shown.
 */
export function startNodeServer(label, args, options) {
  return startCommandServer(label, [process.execPath, ...args], options);
}

/**
 * `commandLine` (a program, then its arguments; the program must be the
 * server itself, not a shell or launcher, as its /proc entries are read) on
 * the server core, as startNodeServer starts node. The Bun bench starts bun.
 */
export async function startCommandServer(label, commandLine, { captureOutput = false } = {}) {
  const port = await freePort();
  const [command, commandArgs] = pinned(SERVER_CORE, commandLine);
  const started = performance.now();
  const child = spawn(command, commandArgs, {
    env: { ...process.env, PORT: String(port) },
    stdio: ["ignore", captureOutput ? "pipe" : "inherit", captureOutput ? "pipe" : "inherit"],
  });
  const output = { stdout: "", stderr: "" };
  child.stdout?.setEncoding("utf8").on("data", (text) => (output.stdout += text));
  child.stderr?.setEncoding("utf8").on("data", (text) => (output.stderr += text));
  let exited = false;
  const exit = new Promise((resolve) =>
    child.once("exit", (code, signal) => {
      exited = true;
      resolve(code ?? signal);
    }),
  );
  while ((await health(port)) !== 200) {
    if (exited)
      throw new Error(`${label}: the server exited (${await exit}) before answering${output.stderr ? `:\n${output.stderr}` : ""}`);
    if (performance.now() - started > STARTUP_LIMIT_MS) {
      child.kill();
      throw new Error(`${label}: no answer on port ${port} after ${STARTUP_LIMIT_MS} ms`);
    }
    await pause(2);
  }
  const startupMs = performance.now() - started;
  return {
    port,
    /** The server's process id (taskset execs the server, so it is the server's), for a signal stop() does not send. */
    pid: child.pid,
    startupMs,
    output: () => ({ ...output }),
    /** Resident set size in MB, from /proc/<pid>/status (taskset execs the server, so the pid is the server's). */
    rssMb() {
      const line = readFileSync(`/proc/${child.pid}/status`, "utf8").match(/^VmRSS:\s+(\d+) kB/m);
      return line ? Number(line[1]) / 1024 : NaN;
    },
    /** User + system CPU seconds the server has used so far (every thread), from /proc/<pid>/stat. */
    cpuSeconds() {
      const stat = readFileSync(`/proc/${child.pid}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      return (Number(fields[11]) + Number(fields[12])) / TICKS; // utime, stime: fields 14 and 15 of stat
    },
    /** Sends SIGTERM (unless it already exited); resolves with its exit code, or the signal that ended it. */
    async stop() {
      if (!exited) child.kill("SIGTERM");
      return exit;
    },
  };
}
