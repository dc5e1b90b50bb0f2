import net from "node:net";
import { fileURLToPath } from "node:url";
import { machine } from "../http/machine.mjs";
import { pinSelf } from "../http/pin.mjs";
import { startNodeServer } from "../http/start-server.mjs";

// npm run bench:tiny-chunks: the example server (node example/dist/main.js)
// receiving valid JSON bodies just under its 1 MiB limit, sent chunked in
// tiny pieces from raw sockets, 1, 4 and 20 at once. For each round: the
// answers, how long the slowest took, the server's peak RSS (VmRSS sampled
// every 20 ms, as the soak reads it) and its RSS once the round is over.
//   TINY_CHUNK_BYTES  bytes per chunk (1)    TINY_CHUNK_ROUNDS  concurrency per round ("1,4,20")

pinSelf(fileURLToPath(import.meta.url));

const EXAMPLE = fileURLToPath(new URL("../../example/dist/main.js", import.meta.url));
const chunkBytes = Number(process.env.TINY_CHUNK_BYTES ?? 1);
const rounds = (process.env.TINY_CHUNK_ROUNDS ?? "1,4,20").split(",").map(Number);

/** A valid CreateDto of about `size` bytes. */
function jsonBody(size) {
  const tags = [];
  let length = 40;
  while (length + 12 < size) {
    tags.push(`tag-${tags.length.toString().padStart(5, "0")}`);
    length += 12;
  }
  return JSON.stringify({ name: "tiny chunks", price: 1, tags });
}

/** The request's bytes on the wire: headers, then the body in chunks of `size` bytes. */
function chunkedRequest(body, size) {
  const head =
    "POST /items HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: application/json\r\ntransfer-encoding: chunked\r\nconnection: close\r\n\r\n";
  const pieces = [head];
  for (let at = 0; at < body.length; at += size) {
    const chunk = body.slice(at, at + size);
    pieces.push(`${Buffer.byteLength(chunk).toString(16)}\r\n${chunk}\r\n`);
  }
  pieces.push("0\r\n\r\n");
  return Buffer.from(pieces.join(""));
}

/** Sends the bytes and resolves with the status and the time to the answer (or the close). */
function send(port, bytes) {
  return new Promise((resolve) => {
    const started = performance.now();
    const socket = net.connect(port, "127.0.0.1");
    let text = "";
    let settled = false;
    const settle = () => {
      if (settled) return;
      settled = true;
      socket.destroy();
      const status = /^HTTP\/1\.1 (\d{3})/.exec(text)?.[1];
      resolve({ status: status ? Number(status) : "closed", ms: performance.now() - started });
    };
    socket.setEncoding("latin1");
    socket.on("data", (chunk) => {
      text += chunk;
      if (text.includes("\r\n\r\n")) settle();
    });
    socket.on("error", settle);
    socket.on("close", settle);
    socket.on("connect", () => socket.write(bytes, () => {}));
  });
}

const body = jsonBody(1_000_000);
const wire = chunkedRequest(body, chunkBytes);
const server = await startNodeServer("example", [EXAMPLE], { captureOutput: true });
const rows = [];
for (const concurrency of rounds) {
  const before = server.rssMb();
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, server.rssMb())), 20);
  const results = await Promise.all(Array.from({ length: concurrency }, () => send(server.port, wire)));
  clearInterval(sampler);
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const after = server.rssMb();
  peak = Math.max(peak, after);
  const statuses = new Map();
  for (const { status } of results) statuses.set(status, (statuses.get(status) ?? 0) + 1);
  const answers = [...statuses].map(([status, count]) => `${count}× ${status}`).join(", ");
  const slowest = Math.max(...results.map((r) => r.ms));
  rows.push(
    `| ${concurrency} | ${answers} | ${(slowest / 1000).toFixed(2)} | ${before.toFixed(0)} | ${peak.toFixed(0)} | ${after.toFixed(0)} |`,
  );
  process.stderr.write(`${rows.at(-1)}\n`);
}
const exit = await server.stop();
console.log(
  [
    `Machine: ${machine()}`,
    `Method: \`npm run bench:tiny-chunks\`: POST /items with a valid ${(body.length / 1024).toFixed(0)} KiB JSON body in ${chunkBytes}-byte chunks (${(wire.length / 1024 / 1024).toFixed(1)} MiB on the wire), from raw sockets, N at once; server RSS sampled every 20 ms.`,
    "| at once | answers | slowest, s | RSS before, MB | peak RSS, MB | RSS 1 s after, MB |",
    "|---:|---|---:|---:|---:|---:|",
    ...rows,
    `Server exit on SIGTERM: ${exit}; standard error: ${server.output().stderr.trim() || "nothing"}`,
  ].join("\n"),
);
