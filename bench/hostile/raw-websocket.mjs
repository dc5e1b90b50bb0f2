import net from "node:net";

// A WebSocket client from a raw socket, for the socket attack bench: it does
// only what the attack needs (a client that never reads, a frame left
// unfinished, a reply never ponged), which a WebSocket library would not
// let it do. Client frames are masked, as RFC 6455 requires, with the key 0,
// so a payload is sent as it is.

const KEY = "dGhlIHNhbXBsZSBub25jZQ==";

/** An upgrade request's bytes: `connection` and `upgrade` as given (a keep-alive upgrade leaves "Upgrade" out of Connection). */
export function upgradeRequest(method, path, headers = {}) {
  const lines = [
    `${method} ${path} HTTP/1.1`,
    "host: 127.0.0.1",
    "connection: Upgrade",
    "upgrade: websocket",
    `sec-websocket-key: ${KEY}`,
    "sec-websocket-version: 13",
  ];
  for (const [name, value] of Object.entries(headers)) {
    const index = lines.findIndex((line) => line.toLowerCase().startsWith(`${name.toLowerCase()}:`));
    if (index >= 0) lines.splice(index, 1);
    if (value !== undefined) lines.push(`${name}: ${value}`);
  }
  return Buffer.from(`${lines.join("\r\n")}\r\n\r\n`);
}

/** A client frame's head announcing `length` payload bytes (FIN set, masked with the key 0). */
export function frameHead(length, opcode = 1) {
  if (length < 126) return Buffer.from([0x80 | opcode, 0x80 | length, 0, 0, 0, 0]);
  if (length < 65536) return Buffer.from([0x80 | opcode, 0x80 | 126, length >> 8, length & 255, 0, 0, 0, 0]);
  const head = Buffer.alloc(14);
  head[0] = 0x80 | opcode;
  head[1] = 0x80 | 127;
  head.writeBigUInt64BE(BigInt(length), 2);
  return head;
}

/** A whole client text frame. */
export function textFrame(text) {
  const payload = Buffer.from(text);
  return Buffer.concat([frameHead(payload.length), payload]);
}

/**
 * Reads the server's frames (unmasked) as they come: counts text messages and
 * their bytes, keeps the first `keep` texts, and the close frame's code and reason.
 */
class FrameReader {
  #buffer = Buffer.alloc(0);
  messages = 0;
  bytes = 0;
  texts = [];
  close = undefined;
  #onMessage;

  constructor(onMessage, keep) {
    this.#onMessage = onMessage;
    this.keep = keep;
  }

  push(chunk) {
    this.#buffer = this.#buffer.length === 0 ? chunk : Buffer.concat([this.#buffer, chunk]);
    for (;;) {
      const buffer = this.#buffer;
      if (buffer.length < 2) return;
      let length = buffer[1] & 127;
      let offset = 2;
      if (length === 126) {
        if (buffer.length < 4) return;
        length = buffer.readUInt16BE(2);
        offset = 4;
      } else if (length === 127) {
        if (buffer.length < 10) return;
        length = Number(buffer.readBigUInt64BE(2));
        offset = 10;
      }
      if (buffer.length < offset + length) return;
      const opcode = buffer[0] & 15;
      const payload = buffer.subarray(offset, offset + length);
      this.#buffer = buffer.subarray(offset + length);
      if (opcode === 8) {
        this.close = { code: payload.length >= 2 ? payload.readUInt16BE(0) : undefined, reason: payload.subarray(2).toString("utf8") };
      } else if (opcode === 1 || opcode === 0) {
        this.messages++;
        this.bytes += length;
        if (this.texts.length < this.keep) this.texts.push(payload.toString("utf8"));
        this.#onMessage?.(payload);
      }
    }
  }
}

/**
 * Connects to 127.0.0.1:`port` and sends `request` (upgradeRequest's bytes).
 * Resolves once the answer's head has come (or the connection closed, or
 * `limitMs` passed) with `{ status, head, socket, frames }`: status a number,
 * "closed" or "no answer". With `reading: false` the socket is paused once
 * the head has come, and never read again: the server's frames (or stream)
 * pile up behind it, and it answers no ping. `onMessage` sees each text
 * payload. The request may be an ordinary one (a stream's GET).
 */
export function openWebSocket(port, request, { reading = true, limitMs = 10_000, onMessage, keep = 4 } = {}) {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    const frames = new FrameReader(onMessage, keep);
    let received = Buffer.alloc(0);
    let settled = false;
    const settle = (status, head = "") => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ status, head, socket, frames });
    };
    const timer = setTimeout(() => settle("no answer"), limitMs);
    const onHead = (chunk) => {
      received = Buffer.concat([received, chunk]);
      const end = received.indexOf("\r\n\r\n");
      if (end < 0) return;
      socket.off("data", onHead);
      const head = received.subarray(0, end).toString("latin1");
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]) || "closed";
      const rest = received.subarray(end + 4);
      frames.rest = rest; // the answer's body, for a refusal
      if (!reading) {
        socket.pause();
      } else if (status === 101) {
        socket.on("data", (more) => frames.push(more));
        if (rest.length > 0) frames.push(rest);
      } else {
        socket.on("data", (more) => (frames.rest = Buffer.concat([frames.rest, more])));
      }
      settle(status, head);
    };
    socket.on("data", onHead);
    socket.on("error", () => settle("closed"));
    socket.on("close", () => {
      socket.closedAt = performance.now();
      settle("closed");
    });
    socket.on("connect", () => {
      // Kept for clientEndState, which looks the connection up by its ports, even once the socket is gone.
      socket.ports = { local: socket.localPort, remote: socket.remotePort };
      socket.write(request);
    });
  });
}

/**
 * Writes `bytes`; resolves with "written" once they are handed to the kernel,
 * "failed" if the socket fails first, or "stalled" after `limitMs` (a server
 * that has stopped reading: pushing back, as it should on a peer it cannot keep up with).
 */
export function write(socket, bytes, limitMs = 10_000) {
  return new Promise((resolve) => {
    if (socket.destroyed) return resolve("failed");
    const settle = (how) => {
      clearTimeout(timer);
      socket.off("close", failed);
      resolve(how);
    };
    const failed = () => settle("failed");
    const timer = setTimeout(() => settle("stalled"), limitMs);
    socket.once("close", failed);
    socket.write(bytes, (error) => settle(error ? "failed" : "written"));
  });
}
