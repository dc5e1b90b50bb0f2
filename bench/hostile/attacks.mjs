import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { machine } from "../http/machine.mjs";
import { pinSelf } from "../http/pin.mjs";
import { startNodeServer } from "../http/start-server.mjs";
import { ATTACKS, HEALTH, wire } from "./attack-list.mjs";
import { rawRequest } from "./raw-request.mjs";

// npm run bench:attacks: issue 26's attacks, each sent once to an honest app
// (src/attack.controller.ts, built by tspc) and to a Fastify 5 app with the
// same bodies as JSON Schemas (fastify-app.mjs). Each attack gets a fresh
// server process (pinned to its core, as bench:http's are), so that one
// stuck in a check, or out of memory, spoils no other figure. Measured: the
// attack's status and time to the answer; a GET /health sent on another
// connection HEALTH_DELAY_MS after the attack's bytes are written, and its
// time (a check that holds the event loop holds it too); the server's peak
// RSS (VmRSS every 20 ms). A request unanswered after ATTACK_LIMIT_MS is
// given up on, and the server killed.
//   ATTACK_LIMIT_MS  60000    ATTACKS_JSON  a file to write the results to, as JSON
//   ATTACK_SERVERS   "honest,fastify"    ATTACK_ONLY  a substring of the attacks to run

pinSelf(fileURLToPath(import.meta.url));

const SERVER = fileURLToPath(new URL("./server.mjs", import.meta.url));
const LIMIT_MS = Number(process.env.ATTACK_LIMIT_MS ?? 60_000);
const HEALTH_DELAY_MS = 20;
const servers = (process.env.ATTACK_SERVERS ?? "honest,fastify").split(",");
const attacks = ATTACKS.filter(({ name }) => name.includes(process.env.ATTACK_ONLY ?? ""));

const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** One attack on a fresh server: both answers, the peak RSS, how the server ended. */
async function measure(serverName, attack) {
  const server = await startNodeServer(serverName, [SERVER, serverName], { captureOutput: true });
  let peakRssMb = server.rssMb();
  const sample = () => {
    const rss = server.rssMb(); // NaN once the process is gone
    if (rss > peakRssMb) peakRssMb = rss;
  };
  const sampler = setInterval(sample, 20);
  const sent = rawRequest(server.port, wire(attack), LIMIT_MS);
  await sent.written;
  await pause(HEALTH_DELAY_MS);
  const health = rawRequest(server.port, HEALTH, LIMIT_MS).answer;
  const [answer, healthAnswer] = await Promise.all([sent.answer, health]);
  sample();
  clearInterval(sampler);
  // SIGTERM ends a server stuck in a check too (neither app handles the signal);
  // a server that had already died says how (an out-of-memory abort is SIGABRT).
  const exit = await server.stop();
  const crashed = exit !== "SIGTERM";
  const stderr = server.output().stderr.trim();
  return {
    status: answer.status,
    ms: answer.ms,
    healthStatus: healthAnswer.status,
    healthMs: healthAnswer.ms,
    peakRssMb,
    exit: crashed ? exit : undefined,
    stderr: crashed && stderr ? stderr.split("\n").slice(0, 6).join("\n") : undefined,
  };
}

const ms = (value) => (value >= 10 ? Math.round(value).toLocaleString("en-US").replaceAll(",", " ") : value.toFixed(1));

/** A table cell: status and time, or why there is none; a status other than `expected` says what was expected. */
function cell(result, status, time, expected) {
  if (!result) return "—";
  if (result[status] === "no answer") return `no answer, > ${LIMIT_MS / 1000} s`;
  const crash = result.exit !== undefined && result[status] === "closed" ? `closed (server died: ${result.exit})` : result[status];
  const unexpected = typeof result[status] === "number" && result[status] !== expected ? ` (expected ${expected})` : "";
  return `${crash}${unexpected}, ${ms(result[time])} ms`;
}

const results = [];
for (const attack of attacks) {
  const row = { attack: attack.name, expected: attack.expected, bodyBytes: Buffer.byteLength(attack.body), honestNote: attack.honest };
  for (const serverName of servers) {
    if (serverName === "fastify" && attack.fastify === false) continue;
    if (serverName === "honest" && typeof attack.honest === "string") continue;
    row[serverName] = await measure(serverName, attack);
    process.stderr.write(`${attack.name} | ${serverName}: ${JSON.stringify(row[serverName])}\n`);
  }
  results.push(row);
}

const lines = [
  `Machine: ${machine()}`,
  `Method: \`npm run bench:attacks\`: each attack sent once from a raw socket to a fresh server process; GET /health sent ${HEALTH_DELAY_MS} ms after the attack's bytes, on its own connection; peak RSS from VmRSS every 20 ms; a request unanswered after ${LIMIT_MS / 1000} s given up on. Fastify 5 with its default ajv options; "—": no such route (no @fastify/formbody).`,
  "",
  "| attack | honest status, ms | honest: concurrent GET /health, ms | honest peak RSS, MB | Fastify status, ms | Fastify: concurrent GET /health, ms | Fastify peak RSS, MB |",
  "|---|---|---|---:|---|---|---:|",
];
for (const row of results) {
  const rss = (result) => (result ? result.peakRssMb.toFixed(0) : "—");
  const attack = row.attack.replaceAll("|", "\\|"); // a union's bar, not a column's
  lines.push(
    (row.honestNote
      ? `| ${attack} | ${row.honestNote} | — | — | `
      : `| ${attack} | ${cell(row.honest, "status", "ms", row.expected)} | ${cell(row.honest, "healthStatus", "healthMs", 200)} | ${rss(row.honest)} | `) +
      `${cell(row.fastify, "status", "ms", row.expected)} | ${cell(row.fastify, "healthStatus", "healthMs", 200)} | ${rss(row.fastify)} |`,
  );
}
for (const row of results) {
  for (const serverName of servers) {
    const result = row[serverName];
    if (result?.exit !== undefined)
      lines.push("", `${serverName}, ${row.attack}: the server ended with ${result.exit}: ${result.stderr ?? "no output"}`);
  }
}
console.log(lines.join("\n"));

if (process.env.ATTACKS_JSON) {
  writeFileSync(
    process.env.ATTACKS_JSON,
    `${JSON.stringify({ machine: machine(), limitMs: LIMIT_MS, healthDelayMs: HEALTH_DELAY_MS, results }, null, 2)}\n`,
  );
}
