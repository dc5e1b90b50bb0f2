// Startup time of a built app: from spawning `node dist/main.js` (PORT=0) to
// the end of the first successful HTTP response. The app says where it listens
// ("... listening on http://localhost:<port>"); the probe request goes out the
// moment that line arrives, so nothing polls. The route table an honest app
// prints first is read through the same pipe and counted.

import { spawn } from "node:child_process";
import { get } from "node:http";

const LISTENING = /listening on http:\/\/localhost:(\d+)/;
const TIMEOUT_MS = 60_000;

function probe(port, path) {
  return new Promise((resolve, reject) => {
    get({ host: "127.0.0.1", port, path, agent: false }, (response) => {
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk) => (body += chunk));
      response.on("end", () => resolve({ status: response.statusCode, body }));
    }).on("error", reject);
  });
}

function stop(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once("exit", resolve);
    child.kill("SIGKILL");
  });
}

/** { ms, routeLines, body } of one start of `main` in `cwd`, answering `path` with 200. */
export async function measureStartup(cwd, main, path) {
  const start = performance.now();
  const child = spawn(process.execPath, [main], {
    cwd,
    env: { ...process.env, PORT: "0" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  try {
    const listening = await new Promise((resolve, reject) => {
      let output = "";
      const timer = setTimeout(
        () => reject(new Error(`${main} did not listen within ${TIMEOUT_MS} ms:\n${output.slice(-2000)}`)),
        TIMEOUT_MS,
      );
      child.stdout.setEncoding("utf8");
      child.stderr.setEncoding("utf8");
      child.stderr.on("data", (chunk) => (output += chunk));
      child.stdout.on("data", (chunk) => {
        output += chunk;
        const match = LISTENING.exec(output);
        if (match) {
          clearTimeout(timer);
          resolve({ port: Number(match[1]), output });
        }
      });
      child.on("exit", (code) => reject(new Error(`${main} exited with ${code} before listening:\n${output.slice(-2000)}`)));
    });
    const response = await probe(listening.port, path);
    const ms = performance.now() - start;
    if (response.status !== 200) throw new Error(`GET ${path} answered ${response.status}: ${response.body}`);
    const routeLines = listening.output.split("\n").filter((line) => line.includes(" → ")).length;
    return { ms, routeLines, body: response.body };
  } finally {
    await stop(child);
  }
}
