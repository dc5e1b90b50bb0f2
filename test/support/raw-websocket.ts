import { randomBytes } from "node:crypto";
import net from "node:net";

// A WebSocket client written frame by frame on a TCP socket (RFC 6455), for
// what no client library sends: a frame whose head announces more bytes than
// follow, a message stopped halfway, pings that go unanswered. It completes
// the handshake, then writes only what the test gives it and answers
// nothing; what the server sends after its 101 is kept as bytes.

export interface RawWebSocket {
  readonly socket: net.Socket;
  /** The server's whole frames so far. */
  frames(): ServerFrame[];
  write(bytes: Uint8Array): Promise<void>;
  /** Resolves once the server has closed the connection (true), or after `waitMs` (false). */
  serverClosed(waitMs?: number): Promise<boolean>;
  /** Resolves once the server has sent a frame that `matches` (that frame), or undefined if it closes or `waitMs` pass first. */
  frame(matches: (frame: ServerFrame) => boolean, waitMs?: number): Promise<ServerFrame | undefined>;
}

export interface ServerFrame {
  readonly fin: boolean;
  readonly opcode: number;
  readonly payload: Buffer;
}

export const OPCODE = { continuation: 0x0, text: 0x1, close: 0x8, ping: 0x9, pong: 0xa } as const;

/** Connects to `path` on the port and completes a WebSocket handshake; rejects unless the server answers 101. */
export async function rawWebSocket(port: number, path: string): Promise<RawWebSocket> {
  const socket = net.connect(port, "127.0.0.1");
  await new Promise<void>((resolve, reject) => socket.once("connect", resolve).once("error", reject));
  socket.on("error", () => {}); // a reset is an outcome the test reads from serverClosed
  let head: Buffer | undefined;
  let pending = Buffer.alloc(0);
  let closed = false;
  const changed = new Set<() => void>();
  const wake = () => {
    for (const each of changed) each();
  };
  const opened = new Promise<void>((resolve, reject) => {
    socket.on("data", (chunk: Buffer) => {
      pending = Buffer.concat([pending, chunk]);
      if (head === undefined) {
        const end = pending.indexOf("\r\n\r\n");
        if (end === -1) return;
        head = pending.subarray(0, end);
        pending = pending.subarray(end + 4);
        if (!head.toString("latin1").startsWith("HTTP/1.1 101 ")) reject(new Error(`no upgrade: ${head.toString("latin1")}`));
        else resolve();
      }
      wake();
    });
    socket.on("close", () => {
      closed = true;
      if (head === undefined) reject(new Error("the server closed the connection before answering the handshake"));
      wake();
    });
  });
  socket.write(
    `GET ${path} HTTP/1.1\r\nhost: 127.0.0.1:${port}\r\nupgrade: websocket\r\nconnection: Upgrade\r\n` +
      `sec-websocket-key: ${randomBytes(16).toString("base64")}\r\nsec-websocket-version: 13\r\n\r\n`,
  );
  await opened;
  /** Resolves with `found()` once it is defined, or with undefined once the server closed or `waitMs` passed. */
  const waitFor = <T>(found: () => T | undefined, waitMs: number) =>
    new Promise<T | undefined>((resolve) => {
      const check = () => {
        const value = found();
        if (value === undefined && !closed) return;
        changed.delete(check);
        clearTimeout(timer);
        resolve(value);
      };
      const timer = setTimeout(() => {
        changed.delete(check);
        resolve(found());
      }, waitMs);
      changed.add(check);
      check();
    });
  return {
    socket,
    frames: () => serverFrames(pending),
    write: (bytes) => new Promise<void>((resolve, reject) => socket.write(bytes, (error) => (error ? reject(error) : resolve()))),
    serverClosed: async (waitMs = 5_000) => (await waitFor(() => (closed ? true : undefined), waitMs)) ?? false,
    frame: (matches, waitMs = 5_000) => waitFor(() => serverFrames(pending).find(matches), waitMs),
  };
}

const MASK = Buffer.from([0x37, 0xfa, 0x21, 0x3d]);

/**
 * A client's frame (masked, as a client must), its head announcing
 * `announced` bytes of payload: by default the payload's own length, or more,
 * for a frame the test leaves unfinished.
 */
export function clientFrame(
  opcode: number,
  payload: Buffer | string,
  { fin = true, announced }: { fin?: boolean; announced?: number } = {},
): Buffer {
  const data = typeof payload === "string" ? Buffer.from(payload) : payload;
  const length = announced ?? data.length;
  const extended = length > 0xffff ? 8 : length > 125 ? 2 : 0;
  const head = Buffer.alloc(2 + extended + 4);
  head[0] = (fin ? 0x80 : 0) | opcode;
  head[1] = 0x80 | (extended === 8 ? 127 : extended === 2 ? 126 : length);
  if (extended === 2) head.writeUInt16BE(length, 2);
  if (extended === 8) head.writeBigUInt64BE(BigInt(length), 2);
  MASK.copy(head, 2 + extended);
  const masked = Buffer.alloc(data.length);
  for (let index = 0; index < data.length; index++) masked[index] = data[index]! ^ MASK[index % 4]!;
  return Buffer.concat([head, masked]);
}

/** The whole frames in what a server sent (unmasked, as a server's are). */
export function serverFrames(bytes: Buffer): ServerFrame[] {
  const frames: ServerFrame[] = [];
  let at = 0;
  while (at + 2 <= bytes.length) {
    const fin = (bytes[at]! & 0x80) !== 0;
    const opcode = bytes[at]! & 0x0f;
    let length = bytes[at + 1]! & 0x7f;
    let start = at + 2;
    if (length === 126) {
      if (start + 2 > bytes.length) break;
      length = bytes.readUInt16BE(start);
      start += 2;
    } else if (length === 127) {
      if (start + 8 > bytes.length) break;
      length = Number(bytes.readBigUInt64BE(start));
      start += 8;
    }
    if (start + length > bytes.length) break;
    frames.push({ fin, opcode, payload: bytes.subarray(start, start + length) });
    at = start + length;
  }
  return frames;
}

/** A close frame's code and reason. */
export function closeOf(frame: ServerFrame): { code: number; reason: string } {
  return { code: frame.payload.readUInt16BE(0), reason: frame.payload.subarray(2).toString("utf8") };
}
