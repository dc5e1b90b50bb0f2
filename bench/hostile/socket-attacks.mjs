import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { machine } from "../http/machine.mjs";
import { pinSelf } from "../http/pin.mjs";
import { startNodeServer } from "../http/start-server.mjs";
import { SOCKET_ATTACKS } from "./socket-attack-list.mjs";
import { health } from "./socket-probes.mjs";

// npm run bench:socket-attacks: issue 41's stream and socket attacks
// (socket-attack-list.mjs), each on a fresh server process pinned to its
// own core (a server that runs out of memory, or stops answering, spoils no
// other figure), sent from raw sockets in this process. honest: the example
// (node example/dist/main.js, serve's defaults), or for what the example
// has no route for, src/socket-attack.controller.ts under serve
// (socket-server.mjs); the peer: Fastify 5 with @fastify/websocket doing
// the same work (fastify-sockets.mjs). Measured: what came back; the
// server's RSS before, its peak (VmRSS every 20 ms) and after the attack's
// clients have left; a GET /health while the attack holds the server, and
// its time; how the server ends on SIGTERM (killed if it has not after
// 12 s; serve's grace period is 10 s). An attack still running after
// SOCKET_ATTACK_LIMIT_MS is given up on.
//   SOCKET_ATTACK_LIMIT_MS  90000          SOCKET_ATTACKS_JSON  a file to write the results to, as JSON
//   SOCKET_ATTACK_SERVERS   "honest,fastify"   SOCKET_ATTACK_ONLY   a substring of the attacks to run
//   SOCKET_IDLE_SECONDS     60             how long attack 7 watches its idle clients

pinSelf(fileURLToPath(import.meta.url));

const EXAMPLE = fileURLToPath(new URL("../../example/dist/main.js", import.meta.url));
const SOCKET_SERVER = fileURLToPath(new URL("./socket-server.mjs", import.meta.url));
const LIMIT_MS = Number(process.env.SOCKET_ATTACK_LIMIT_MS ?? 90_000);
const TERM_LIMIT_MS = 12_000;
const servers = (process.env.SOCKET_ATTACK_SERVERS ?? "honest,fastify").split(",");
const attacks = SOCKET_ATTACKS.filter(({ name }) => name.includes(process.env.SOCKET_ATTACK_ONLY ?? ""));

const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function serverArgs(serverName, attack) {
  if (serverName === "fastify") return [SOCKET_SERVER, "fastify"];
  return attack.app === "example" ? [EXAMPLE] : [SOCKET_SERVER, "honest"];
}

/** SIGTERM, then SIGKILL if the server has not ended after TERM_LIMIT_MS: how it ended, in a few words. */
async function stop(server) {
  const alive = !Number.isNaN(server.rssMb());
  const started = performance.now();
  const exit = server.stop();
  const ended = await Promise.race([exit.then((code) => ({ code })), pause(TERM_LIMIT_MS)]);
  const ms = (performance.now() - started).toFixed(0);
  if (!alive) return { ending: `died before the end: ${ended?.code ?? (await exit)}`, normal: false };
  if (ended === undefined) {
    process.kill(server.pid, "SIGKILL");
    await exit;
    return { ending: `SIGTERM unanswered for ${TERM_LIMIT_MS / 1000} s: killed`, normal: false };
  }
  if (ended.code === "SIGTERM") return { ending: "ended by SIGTERM (no handler)", normal: true };
  return { ending: `exit ${ended.code} ${ms} ms after SIGTERM`, normal: ended.code === 0 };
}

/** One attack on a fresh server. */
async function measure(serverName, attack) {
  const server = await startNodeServer(serverName, serverArgs(serverName, attack), { captureOutput: true });
  await pause(300);
  const rssBeforeMb = server.rssMb();
  let peakRssMb = rssBeforeMb;
  const sample = () => {
    const rss = server.rssMb(); // NaN once the process is gone
    if (rss > peakRssMb) peakRssMb = rss;
  };
  const sampler = setInterval(sample, 20);
  const context = { port: server.port, rssMb: () => server.rssMb(), stderr: () => server.output().stderr };
  const started = performance.now();
  const outcome = await Promise.race([
    attack.run(context).catch((error) => ({ answer: `the bench failed: ${error.message}` })),
    pause(LIMIT_MS).then(() => ({ answer: `unfinished after ${LIMIT_MS / 1000} s` })),
  ]);
  const attackMs = performance.now() - started;
  sample();
  const rssAfterMb = outcome.rssAfterMb ?? server.rssMb();
  const healthAnswer = outcome.health ?? (await health(server.port));
  clearInterval(sampler);
  const { ending, normal } = await stop(server);
  const stderr = server.output().stderr.trim();
  return {
    answer: outcome.answer,
    attackMs,
    rssBeforeMb,
    peakRssMb,
    rssAfterMb,
    healthStatus: healthAnswer.status,
    healthMs: healthAnswer.ms,
    ending,
    endedNormally: normal,
    stderr: stderr ? stderr.split("\n").slice(0, 4).join("\n") : undefined,
  };
}

const mb = (value) => (Number.isNaN(value) ? "gone" : value.toFixed(0));
const time = (ms) => (ms >= 10 ? Math.round(ms).toLocaleString("en-US").replaceAll(",", " ") : ms.toFixed(1));
const answerCell = (result) => `${result.answer}${result.endedNormally ? "" : `; on SIGTERM: ${result.ending}`}`.replaceAll("|", "\\|");
const rssCell = (result) => `${mb(result.rssBeforeMb)} → ${mb(result.peakRssMb)} → ${mb(result.rssAfterMb)}`;
const healthCell = (result) =>
  typeof result.healthStatus === "number"
    ? `${result.healthStatus} in ${time(result.healthMs)} ms`
    : `${result.healthStatus} after ${time(result.healthMs)} ms`;

const results = [];
for (const attack of attacks) {
  const row = { attack: attack.name, honestApp: attack.app };
  for (const serverName of servers) {
    row[serverName] = await measure(serverName, attack);
    process.stderr.write(`${attack.name} | ${serverName}: ${JSON.stringify(row[serverName])}\n`);
  }
  results.push(row);
}

const lines = [
  `Machine: ${machine()}`,
  "Method: `npm run bench:socket-attacks`: each attack from raw sockets to a fresh server process pinned to its own core; RSS (MB) before → peak (VmRSS every 20 ms) → after (3 s after the attack's clients left where they hold connections; else at the attack's end); GET /health sent while the attack held the server; the server then sent SIGTERM (12 s, then SIGKILL).",
  "",
  "| attack | honest: what came back | honest RSS, MB | honest GET /health | Fastify: what came back | Fastify RSS, MB | Fastify GET /health |",
  "|---|---|---|---|---|---|---|",
];
for (const row of results) {
  const cells = (result) => (result ? [answerCell(result), rssCell(result), healthCell(result)] : ["—", "—", "—"]);
  lines.push(`| ${[row.attack.replaceAll("|", "\\|"), ...cells(row.honest), ...cells(row.fastify)].join(" | ")} |`);
}
for (const row of results) {
  for (const serverName of servers) {
    const result = row[serverName];
    if (result && !result.endedNormally)
      lines.push("", `${serverName}, ${row.attack}: ${result.ending}; standard error began: ${result.stderr ?? "(nothing)"}`);
  }
}
console.log(lines.join("\n"));

if (process.env.SOCKET_ATTACKS_JSON) {
  writeFileSync(process.env.SOCKET_ATTACKS_JSON, `${JSON.stringify({ machine: machine(), limitMs: LIMIT_MS, results }, null, 2)}\n`);
}
