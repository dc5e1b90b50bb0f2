// `npm run dev`: the example rebuilt on save by `tspc --watch`, and served
// again after each compilation (docs/contributing.md, "Working on honest"). The server is
// restarted only once a compilation has finished, so it never starts on half
// of the output; it prints the route table as it starts, or refuses to start
// while honest reports errors. Ctrl-C stops both. PORT is passed through.

import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import path from "node:path";

const example = import.meta.dirname;
const tspc = createRequire(import.meta.url).resolve("ts-patch/bin/tspc.js");
const main = path.join(example, "dist/main.js");
const COMPILED = /Found \d+ errors?\. Watching for file changes\./;
// Ctrl-C in a terminal signals the whole process group: the server is kept out of it, so that it gets
// exactly one signal, from here, and stops gracefully (a second signal would end it at once).
const OWN_GROUP = process.platform !== "win32";

const compiler = spawn(process.execPath, [tspc, "-p", path.join(example, "tsconfig.json"), "--watch", "--preserveWatchOutput"], {
  stdio: ["ignore", "pipe", "inherit"],
});
let server;
let stopping = false;
let restarting;
let again = false;

let pending = "";
compiler.stdout.setEncoding("utf8").on("data", (chunk) => {
  process.stdout.write(chunk);
  const lines = (pending + chunk).split("\n");
  pending = lines.pop();
  if (lines.some((line) => COMPILED.test(line))) restart();
});
compiler.on("exit", (code, signal) => {
  if (stopping) return;
  // A signal is Ctrl-C reaching it first; an exit of its own is a failure.
  if (signal === null) console.error(`dev: tspc --watch exited with code ${code}`);
  void stop(signal === null ? 1 : 0);
});

/** Stops the running server, if any, then starts one on the new output; compilations that end meanwhile make one more restart. */
function restart() {
  if (restarting) {
    again = true;
    return;
  }
  restarting = (async () => {
    do {
      again = false;
      await stopServer();
      if (!stopping) startServer();
    } while (again && !stopping);
    restarting = undefined;
  })();
}

function startServer() {
  console.log(`dev: node ${path.relative(process.cwd(), main)}`);
  const child = spawn(process.execPath, [main], { stdio: "inherit", detached: OWN_GROUP });
  server = { child, exited: new Promise((resolve) => child.once("exit", resolve)) };
}

async function stopServer() {
  const running = server;
  server = undefined;
  if (!running || running.child.exitCode !== null || running.child.signalCode !== null) return;
  running.child.kill("SIGTERM");
  await running.exited;
}

async function stop(code) {
  if (stopping) return;
  stopping = true;
  compiler.kill("SIGTERM");
  await restarting;
  await stopServer();
  process.exit(code);
}

process.on("SIGINT", () => void stop(0));
process.on("SIGTERM", () => void stop(0));
// Whatever ends this process, no server is left behind in its own group.
process.on("exit", () => server?.child.kill("SIGKILL"));
