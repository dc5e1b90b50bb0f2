import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { request } from "node:http";
import { createServer } from "node:net";
import { fileURLToPath } from "node:url";
import { pinned, SERVER_CORE } from "./pin.mjs";

// A fresh server process per measurement: spawned pinned, timed until it
// first answers GET /health with 200, and its resident memory read from /proc.

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

const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export async function startServer(implementation) {
  const port = await freePort();
  const [command, args] = pinned(SERVER_CORE, [process.execPath, SERVER, implementation]);
  const started = performance.now();
  const child = spawn(command, args, { env: { ...process.env, PORT: String(port) }, stdio: ["ignore", "inherit", "inherit"] });
  let exited = false;
  const exit = new Promise((resolve) => child.once("exit", (code, signal) => resolve((exited = true, code ?? signal))));
  while ((await health(port)) !== 200) {
    if (exited) throw new Error(`${implementation}: the server exited (${await exit}) before answering`);
    if (performance.now() - started > STARTUP_LIMIT_MS) {
      child.kill();
      throw new Error(`${implementation}: no answer on port ${port} after ${STARTUP_LIMIT_MS} ms`);
    }
    await pause(2);
  }
  const startupMs = performance.now() - started;
  return {
    port,
    startupMs,
    /** Resident set size in MB, from /proc/<pid>/status (taskset execs node, so the pid is the server's). */
    rssMb() {
      const line = readFileSync(`/proc/${child.pid}/status`, "utf8").match(/^VmRSS:\s+(\d+) kB/m);
      return line ? Number(line[1]) / 1024 : NaN;
    },
    async stop() {
      if (!exited) child.kill("SIGTERM");
      await exit;
    },
  };
}
