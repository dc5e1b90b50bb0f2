import http from "node:http";
import net from "node:net";
import { fileURLToPath } from "node:url";
import { machine } from "../http/machine.mjs";
import { pinSelf } from "../http/pin.mjs";
import { startNodeServer } from "../http/start-server.mjs";

// npm run bench:stalled-uploads: the example server (node example/dist/main.js,
// serve's defaults) receiving uploads that stall just before their last byte,
// from raw sockets, all at once: each declares a body of 1 MiB minus one byte
// (just under the default bodyLimit), sends all of it but the last byte, and
// waits. One round with JSON bodies (PATCH /items/1, which keeps only the
// latest: the figures are the bodies', not a store's), one with multipart
// forms (POST /items/1/photo), and one with request heads of 16 000 bytes,
// just under Node's limit, stalled before their last byte (what a connection
// can make the server hold before a body), each on a fresh server. For each
// round: the answers given while they stall, a GET /health and another
// client's POST /items then, the answers once they send their last byte
// (those still waiting complete, unless, arriving all at once, they find no
// room left as they grow: a 503), and the server's peak RSS (VmRSS
// every 20 ms) while they stall and over the whole round. Two more rounds,
// not run unless named, are the holders of issue 41: connections that each
// send the head of a PATCH /items/1 of 1 MiB minus one byte, chunked
// ("holders-chunked") or with its content-length declared
// ("holders-length"), and the first byte of its body, and then nothing, so
// that they hold whatever room a body is given before its bytes come, not
// memory (STALLED_HOLDERS of them); then the rest.
//   STALLED_CONNECTIONS  uploads at once (300)      STALLED_HEADS    heads at once (5000)
//   STALLED_SECONDS      how long they stall (5)    STALLED_KINDS    rounds ("json,multipart,heads")
//   STALLED_HOLDERS      holders at once (300)

pinSelf(fileURLToPath(import.meta.url));

const EXAMPLE = fileURLToPath(new URL("../../example/dist/main.js", import.meta.url));
const connections = Number(process.env.STALLED_CONNECTIONS ?? 300);
const heads = Number(process.env.STALLED_HEADS ?? 5000);
const holders = Number(process.env.STALLED_HOLDERS ?? 300);
const stallSeconds = Number(process.env.STALLED_SECONDS ?? 5);
const kinds = (process.env.STALLED_KINDS ?? "json,multipart,heads").split(",");
const BODY_BYTES = 1024 * 1024 - 1;
const HEAD_BYTES = 16_000;

const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** A valid PatchDto of exactly `size` bytes, its name taking up the room. */
function jsonBody(size) {
  const frame = JSON.stringify({ name: "", price: 1 });
  return Buffer.from(JSON.stringify({ name: "a".repeat(size - frame.length), price: 1 }));
}

/**
 * A multipart form of exactly `size` bytes: a `photo` file and a caption. It
 * ends with the closing boundary's "--" and no CRLF, so that the byte held
 * back is part of the form, not of its (optional) epilogue.
 */
function multipartBody(size, boundary) {
  const head = `--${boundary}\r\ncontent-disposition: form-data; name="photo"; filename="photo.bin"\r\ncontent-type: application/octet-stream\r\n\r\n`;
  const tail = `\r\n--${boundary}\r\ncontent-disposition: form-data; name="caption"\r\n\r\nstalled\r\n--${boundary}--`;
  return Buffer.concat([Buffer.from(head), Buffer.alloc(size - head.length - tail.length, 0x61), Buffer.from(tail)]);
}

/** What each connection of a round sends, all but its last byte, then that byte. */
function round(kind) {
  if (kind === "heads") {
    const start = "GET /health HTTP/1.1\r\nhost: 127.0.0.1\r\nx-pad: ";
    const head = Buffer.from(`${start}${"a".repeat(HEAD_BYTES - start.length - 4)}\r\n\r\n`);
    return { count: heads, allButLast: head.subarray(0, -1), last: head.subarray(-1) };
  }
  if (kind === "holders-chunked" || kind === "holders-length") {
    const body = jsonBody(BODY_BYTES);
    const start = "PATCH /items/1 HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: application/json\r\n";
    if (kind === "holders-length") {
      const head = Buffer.from(`${start}content-length: ${body.length}\r\n\r\n`);
      return { count: holders, allButLast: Buffer.concat([head, body.subarray(0, 1)]), last: body.subarray(1) };
    }
    const head = `${start}transfer-encoding: chunked\r\n\r\n`;
    const rest = body.subarray(1);
    return {
      count: holders,
      allButLast: Buffer.from(`${head}1\r\n${body.subarray(0, 1)}\r\n`),
      last: Buffer.concat([Buffer.from(`${rest.length.toString(16)}\r\n`), rest, Buffer.from("\r\n0\r\n\r\n")]),
    };
  }
  const boundary = "stalled-upload-boundary";
  const [method, path, type, body] =
    kind === "json"
      ? ["PATCH", "/items/1", "application/json", jsonBody(BODY_BYTES)]
      : ["POST", "/items/1/photo", `multipart/form-data; boundary=${boundary}`, multipartBody(BODY_BYTES, boundary)];
  const head = `${method} ${path} HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: ${type}\r\ncontent-length: ${body.length}\r\n\r\n`;
  return { count: connections, allButLast: Buffer.concat([Buffer.from(head), body.subarray(0, -1)]), last: body.subarray(-1) };
}

/**
 * A raw connection that sends `bytes` and keeps what the server answers.
 * `sent` settles once the bytes are written or the server has answered or closed.
 */
function stalledUpload(port, bytes) {
  const socket = net.connect(port, "127.0.0.1");
  let text = "";
  let closed = false;
  const waiters = new Set();
  const wake = () => {
    for (const waiter of waiters) waiter();
  };
  socket.setEncoding("latin1");
  socket.on("data", (chunk) => {
    text += chunk;
    wake();
  });
  socket.on("error", () => {});
  socket.on("close", () => {
    closed = true;
    wake();
  });
  const answered = () => closed || text.includes("\r\n\r\n");
  const until = (done, ms) =>
    new Promise((resolve) => {
      const check = () => {
        if (!done()) return;
        waiters.delete(check);
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        resolve();
      }, ms);
      waiters.add(check);
      check();
    });
  let written = false;
  socket.on("connect", () =>
    socket.write(bytes, () => {
      written = true;
      wake();
    }),
  );
  return {
    socket,
    sent: until(() => written || answered(), 60_000),
    /** The status answered so far: a number, "closed" without an answer, or undefined while waiting. */
    status() {
      const status = /^HTTP\/1\.1 (\d{3})/.exec(text)?.[1];
      return status ? Number(status) : closed ? "closed" : undefined;
    },
    retryAfter: () => /\r\nretry-after: *(\d+)/i.exec(text)?.[1],
    async finish(last) {
      socket.write(last);
      await until(answered, 30_000);
      socket.destroy();
    },
  };
}

function health(port) {
  return new Promise((resolve) => {
    const started = performance.now();
    http
      .get({ host: "127.0.0.1", port, path: "/health", agent: false }, (response) => {
        response.resume();
        response.on("end", () => resolve(`${response.statusCode} in ${(performance.now() - started).toFixed(0)} ms`));
      })
      .on("error", (error) => resolve(error.code ?? error.message));
  });
}

/** The status of another client's POST /items, sent whole, and how long it took. */
function createItem(port) {
  return new Promise((resolve) => {
    const started = performance.now();
    const body = JSON.stringify({ name: "another client's", price: 1 });
    http
      .request(
        {
          host: "127.0.0.1",
          port,
          path: "/items",
          method: "POST",
          agent: false,
          headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body) },
        },
        (response) => {
          response.resume();
          response.on("end", () => resolve(`${response.statusCode} in ${(performance.now() - started).toFixed(0)} ms`));
        },
      )
      .on("error", (error) => resolve(error.code ?? error.message))
      .end(body);
  });
}

function tally(statuses) {
  const counts = new Map();
  for (const status of statuses) counts.set(status ?? "waiting", (counts.get(status ?? "waiting") ?? 0) + 1);
  return [...counts].map(([status, count]) => `${count}× ${status}`).join(", ");
}

const rows = [];
for (const kind of kinds) {
  const { count, allButLast, last } = round(kind);
  const server = await startNodeServer("example", [EXAMPLE], { captureOutput: true });
  const before = server.rssMb();
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, server.rssMb())), 20);
  const uploads = Array.from({ length: count }, () => stalledUpload(server.port, allButLast));
  await Promise.all(uploads.map((one) => one.sent));
  await pause(stallSeconds * 1000);
  const during = await health(server.port);
  const posted = await createItem(server.port);
  const stalledPeak = peak;
  const stalledAnswers = uploads.map((one) => one.status());
  const retryAfter = [...new Set(uploads.map((one) => one.retryAfter()).filter(Boolean))].join(", ") || "none";
  const waiting = uploads.filter((one) => one.status() === undefined);
  await Promise.all(waiting.map((one) => one.finish(last)));
  clearInterval(sampler);
  for (const one of uploads) one.socket.destroy();
  const lastAnswers = waiting.map((one) => one.status());
  await pause(1000);
  const after = server.rssMb();
  const exit = await server.stop();
  const stderr = server.output().stderr.trim();
  rows.push(
    `| ${kind}, ${count} at once | ${tally(stalledAnswers)} | ${retryAfter} | ${during} | ${posted} | ${tally(lastAnswers) || "none"} | ${before.toFixed(0)} | ${stalledPeak.toFixed(0)} | ${peak.toFixed(0)} | ${after.toFixed(0)} | ${exit}${stderr ? `, stderr: ${stderr.slice(0, 200)}` : ""} |`,
  );
  process.stderr.write(`${rows.at(-1)}\n`);
}
console.log(
  [
    `Machine: ${machine()}`,
    `Method: \`npm run bench:stalled-uploads\`: raw connections at once, each declaring a ${BODY_BYTES}-byte body (or sending a ${HEAD_BYTES}-byte request head) and sending all of it but the last byte, or (holders) sending a POST /items head and the first byte of its body, stalled ${stallSeconds} s, then the rest; server RSS sampled every 20 ms.`,
    "| round | answers while stalled | retry-after | GET /health while stalled | another client's POST /items while stalled | answers after the last byte | RSS before, MB | peak RSS while stalled, MB | peak RSS, MB | RSS 1 s after, MB | exit on SIGTERM |",
    "|---|---|---|---|---|---|---:|---:|---:|---:|---|",
    ...rows,
  ].join("\n"),
);
