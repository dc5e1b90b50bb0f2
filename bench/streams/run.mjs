import net from "node:net";
import { fileURLToPath } from "node:url";
import { machine } from "../http/machine.mjs";
import { pinSelf } from "../http/pin.mjs";
import { startNodeServer } from "../http/start-server.mjs";

// npm run bench:streams (docs/reliability.md, "Streams"): the stream bench's
// server (bench/streams/server.mjs, serve's defaults) in a process of its own.
//   1. Idle clients: STREAM_CLIENTS (1 000) raw connections at once, each a
//      GET /idle, a server-sent event stream with nothing to send; once each
//      has its headers, they stay open STREAM_SECONDS (20) s, long enough for a heartbeat (every 15 s). The figure is
//      the server's RSS above the idle server (after a warm-up of one stream),
//      and once they leave, how many generators are still open.
//   2. A slow reader: one GET /endless (kilobyte events as fast as the client
//      takes them) whose client reads nothing; for STREAM_SECONDS s, the items
//      the generator produced and the server's RSS, sampled every 100 ms.
// Server RSS is VmRSS from /proc. The goal is 1 000 idle clients within 50 MB.

pinSelf(fileURLToPath(import.meta.url));

const SERVER = fileURLToPath(new URL("./server.mjs", import.meta.url));
const clients = Number(process.env.STREAM_CLIENTS ?? 1000);
const seconds = Number(process.env.STREAM_SECONDS ?? 20);
const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** A raw GET of `path` that resolves once the response's headers have arrived; pause() stops reading it. */
function openStream(port, path) {
  const socket = net.connect(port, "127.0.0.1");
  socket.on("error", () => {});
  let text = "";
  const headers = new Promise((resolve, reject) => {
    socket.setEncoding("latin1");
    const onData = (chunk) => {
      text += chunk;
      if (!text.includes("\r\n\r\n")) return;
      socket.off("data", onData);
      socket.resume();
      if (text.startsWith("HTTP/1.1 200")) resolve();
      else reject(new Error(`GET ${path}: ${text.slice(0, 120)}`));
    };
    socket.on("data", onData);
    socket.on("close", () => reject(new Error(`GET ${path}: closed before its headers`)));
  });
  socket.on("connect", () => socket.write(`GET ${path} HTTP/1.1\r\nhost: 127.0.0.1\r\n\r\n`));
  return { socket, headers };
}

async function counts(port) {
  return (await fetch(`http://127.0.0.1:${port}/counts`)).json();
}

const server = await startNodeServer("streams", [SERVER], { captureOutput: true });

// 1. Idle clients.
const warm = openStream(server.port, "/idle");
await warm.headers;
warm.socket.destroy();
await pause(1000);
const idle = server.rssMb();
const streams = [];
for (let opened = 0; opened < clients; opened += 100) {
  const batch = Array.from({ length: Math.min(100, clients - opened) }, () => openStream(server.port, "/idle"));
  await Promise.all(batch.map((one) => one.headers));
  streams.push(...batch);
}
const openAtPeak = (await counts(server.port)).open;
let peak = server.rssMb();
for (let waited = 0; waited < seconds * 1000; waited += 100) {
  peak = Math.max(peak, server.rssMb());
  await pause(100);
}
const held = server.rssMb();
for (const one of streams) one.socket.destroy();
await pause(1000);
const openAfter = (await counts(server.port)).open;
const afterIdle = server.rssMb();

// 2. A slow reader.
const before = server.rssMb();
const slow = openStream(server.port, "/endless");
await slow.headers;
slow.socket.pause();
const samples = [];
for (let waited = 0; waited <= seconds * 1000; waited += 100) {
  samples.push({ at: waited / 1000, produced: (await counts(server.port)).produced, mb: server.rssMb() });
  await pause(100);
}
slow.socket.destroy();
await pause(500);
const openAfterSlow = (await counts(server.port)).open;
const exit = await server.stop();
const stderr = server.output().stderr.trim();

const at = (second) => samples.reduce((best, sample) => (Math.abs(sample.at - second) < Math.abs(best.at - second) ? sample : best));
const last = samples.at(-1);
const slowPeak = Math.max(...samples.map((sample) => sample.mb));
console.log(
  [
    `Machine: ${machine()}`,
    `Method: \`npm run bench:streams\`: ${clients} raw connections each holding GET /idle (an SSE stream with nothing to send) for ${seconds} s; then one GET /endless (kilobyte events) whose client reads nothing, for ${seconds} s. Server RSS (VmRSS) from /proc.`,
    "",
    "| idle SSE clients | generators open | RSS idle server, MB | RSS with them, MB (peak) | above the idle server, MB | per client, KB | generators open after they left | RSS after, MB |",
    "|---:|---:|---:|---:|---:|---:|---:|---:|",
    `| ${clients} | ${openAtPeak} | ${idle.toFixed(1)} | ${held.toFixed(1)} (${peak.toFixed(1)}) | ${(peak - idle).toFixed(1)} | ${(((peak - idle) * 1024) / clients).toFixed(1)} | ${openAfter} | ${afterIdle.toFixed(1)} |`,
    "",
    "| slow reader | items produced at 1 s | at 5 s | at the end | RSS before, MB | at 1 s | at the end (peak) | generators open after it left |",
    "|---|---:|---:|---:|---:|---:|---:|---:|",
    `| reads nothing for ${seconds} s | ${at(1).produced} | ${at(5).produced} | ${last.produced} | ${before.toFixed(1)} | ${at(1).mb.toFixed(1)} | ${last.mb.toFixed(1)} (${slowPeak.toFixed(1)}) | ${openAfterSlow} |`,
    "",
    `Server exit: ${exit}${stderr ? `, stderr: ${stderr.slice(0, 300)}` : ""}`,
  ].join("\n"),
);
