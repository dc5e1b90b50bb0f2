import { readFileSync } from "node:fs";
import http from "node:http";
import net from "node:net";

// What the socket attack bench asks the server besides its attacks: an
// ordinary request with its status, time and body; a raw request whose whole
// answer is read; and, from the kernel's table, whether the server has let
// go of a connection whose client reads nothing (so cannot see a FIN).

/** An HTTP request on a connection of its own: `{ status, ms, body }`, status a number, an error code or "no answer". */
export function httpCall(port, method, path, { json, headers = {}, limitMs = 10_000 } = {}) {
  return new Promise((resolve) => {
    const started = performance.now();
    const body = json === undefined ? undefined : Buffer.from(JSON.stringify(json));
    const settle = (status, text = "") => {
      clearTimeout(timer);
      request.destroy();
      resolve({ status, ms: performance.now() - started, body: text });
    };
    const request = http.request(
      {
        host: "127.0.0.1",
        port,
        method,
        path,
        agent: false,
        headers: body ? { "content-type": "application/json", "content-length": body.length, ...headers } : headers,
      },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk) => (text.length < 4096 ? (text += chunk) : undefined));
        response.on("end", () => settle(response.statusCode, text));
        response.on("error", () => settle(response.statusCode, text));
      },
    );
    const timer = setTimeout(() => settle("no answer"), limitMs);
    request.on("error", (error) => settle(error.code ?? "closed"));
    request.end(body);
  });
}

export const health = (port, limitMs = 10_000) => httpCall(port, "GET", "/health", { limitMs });

/** Connects, writes `bytes` and leaves at once, before any answer. */
export function sendAndLeave(port, bytes) {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.on("error", () => resolve());
    socket.on("connect", () =>
      socket.write(bytes, () => {
        socket.destroy();
        resolve();
      }),
    );
  });
}

/**
 * Sends raw `bytes` and reads the whole answer: until the connection closes,
 * its content-length is in, its last chunk has come, or `limitMs` passed.
 * `{ status, ms, head, body }`.
 */
export function rawExchange(port, bytes, limitMs = 10_000) {
  return new Promise((resolve) => {
    const started = performance.now();
    const socket = net.connect(port, "127.0.0.1");
    let text = "";
    let settled = false;
    const settle = (ended) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      const end = text.indexOf("\r\n\r\n");
      const head = end < 0 ? text : text.slice(0, end);
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1]) || (ended === "limit" ? "no answer" : "closed");
      resolve({ status, ms: performance.now() - started, head, body: end < 0 ? "" : text.slice(end + 4) });
    };
    const timer = setTimeout(() => settle("limit"), limitMs);
    socket.setEncoding("latin1");
    socket.on("data", (chunk) => {
      text += chunk;
      const end = text.indexOf("\r\n\r\n");
      if (end < 0) return;
      const head = text.slice(0, end);
      const body = text.slice(end + 4);
      const length = /\r\ncontent-length: *(\d+)/i.exec(head)?.[1];
      if (length !== undefined && Buffer.byteLength(body, "latin1") >= Number(length)) settle("complete");
      else if (/\r\ntransfer-encoding: *chunked/i.test(head) && body.endsWith("0\r\n\r\n")) settle("complete");
      else if (/^HTTP\/1\.1 (1\d\d|204|304)/.test(head)) settle("complete");
    });
    socket.on("error", () => settle("closed"));
    socket.on("close", () => settle("closed"));
    socket.on("connect", () => socket.write(bytes));
  });
}

const hexPort = (port) => port.toString(16).toUpperCase().padStart(4, "0");

/**
 * The kernel's state of the client end of a loopback connection, from
 * /proc/net/tcp: "still open" (ESTABLISHED); "closed by the server" once it has sent its
 * FIN or reset (CLOSE_WAIT, or the entry gone), which a client that reads
 * nothing never sees as an event. Called before the client closes its end.
 */
export function clientEndState(socket) {
  const ports = socket.ports ?? { local: socket.localPort, remote: socket.remotePort };
  if (ports.local === undefined) return "closed by the server";
  const local = `0100007F:${hexPort(ports.local)}`;
  const remote = `0100007F:${hexPort(ports.remote)}`;
  for (const line of readFileSync("/proc/net/tcp", "utf8").split("\n").slice(1)) {
    const [, localAddress, remoteAddress, state] = line.trim().split(/\s+/);
    if (localAddress === local && remoteAddress === remote) return state === "01" ? "still open" : "closed by the server";
  }
  return "closed by the server";
}
