import { readFileSync } from "node:fs";

// Chunked request bodies written by hand, for bodies sent in pieces of a size
// the test chooses, and a server process's resident memory, read as the soak
// reads it.

/** A valid CreateDto of the example, about `size` bytes of JSON. */
export function largeCreateDto(size: number): string {
  const tags: string[] = [];
  for (let length = 40; length + 12 < size; length += 12) tags.push(`tag-${tags.length.toString().padStart(5, "0")}`);
  return JSON.stringify({ name: "in pieces", price: 1, tags });
}

/** `POST path` with `body` in chunks of `pieceSize` bytes, as one buffer of raw HTTP/1.1. */
export function chunkedPost(path: string, body: string, pieceSize: number): Buffer {
  const parts = [`POST ${path} HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: application/json\r\ntransfer-encoding: chunked\r\n\r\n`];
  for (let at = 0; at < body.length; at += pieceSize) {
    const piece = body.slice(at, at + pieceSize);
    parts.push(`${Buffer.byteLength(piece).toString(16)}\r\n${piece}\r\n`);
  }
  parts.push("0\r\n\r\n");
  return Buffer.from(parts.join(""));
}

/** A process's resident set size in MB (VmRSS from /proc). */
export function rssMb(pid: number): number {
  const line = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  if (!line) throw new Error(`no VmRSS for process ${pid}`);
  return Number(line[1]) / 1024;
}
