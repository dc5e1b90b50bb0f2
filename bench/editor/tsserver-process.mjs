// A real tsserver (node_modules/typescript/lib/tsserver.js) driven over its
// protocol as an editor drives it, for tsserver.mjs and client-vs-hc.mjs:
// requests written as JSON lines, answers read framed by Content-Length, each
// request timed from writing it to reading its answer.

import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { REPO } from "../scale/generate.mjs";

export const TSSERVER = join(REPO, "node_modules", "typescript", "lib", "tsserver.js");

/** A tsserver speaking its protocol over stdio: requests as JSON lines, answers framed by Content-Length. */
export class Server {
  /** `logFile`: tsserver's own log (terse); `nodeOptions`: for the node running it (`--max-old-space-size=3072`). */
  constructor(logFile, nodeOptions = []) {
    this.child = spawn(
      process.execPath,
      [
        ...nodeOptions,
        TSSERVER,
        "--allowLocalPluginLoads",
        "--disableAutomaticTypingAcquisition",
        "--logVerbosity",
        "terse",
        "--logFile",
        logFile,
      ],
      { stdio: ["pipe", "pipe", "inherit"] },
    );
    this.seq = 0;
    this.pending = new Map();
    this.buffer = Buffer.alloc(0);
    this.exited = undefined;
    this.child.stdout.on("data", (chunk) => this.#read(chunk));
    this.child.on("exit", (code, signal) => {
      this.exited = `tsserver exited (${signal ?? `code ${code}`})`;
      for (const answer of this.pending.values()) answer({ success: false, message: this.exited });
      this.pending.clear();
    });
  }

  #read(chunk) {
    this.buffer = Buffer.concat([this.buffer, chunk]);
    for (;;) {
      const headerEnd = this.buffer.indexOf("\r\n\r\n");
      if (headerEnd < 0) return;
      const length = Number(/Content-Length: (\d+)/.exec(this.buffer.subarray(0, headerEnd).toString())[1]);
      if (this.buffer.length < headerEnd + 4 + length) return;
      const message = JSON.parse(this.buffer.subarray(headerEnd + 4, headerEnd + 4 + length).toString());
      this.buffer = this.buffer.subarray(headerEnd + 4 + length);
      if (message.type === "response") {
        const answer = this.pending.get(message.request_seq);
        this.pending.delete(message.request_seq);
        answer?.(message);
      }
    }
  }

  /** Sends a request tsserver does not answer (open, change). */
  tell(command, args) {
    this.child.stdin.write(JSON.stringify({ seq: ++this.seq, type: "request", command, arguments: args }) + "\n");
  }

  /** Sends a request; resolves with its answer and the ms from writing it to reading the answer. */
  ask(command, args) {
    const seq = ++this.seq;
    return new Promise((resolve, reject) => {
      if (this.exited) return reject(new Error(`${command}: ${this.exited}`));
      const start = performance.now();
      this.pending.set(seq, (message) => {
        const ms = performance.now() - start;
        if (!message.success) reject(new Error(`${command}: ${message.message}`));
        else resolve({ body: message.body, ms });
      });
      this.child.stdin.write(JSON.stringify({ seq, type: "request", command, arguments: args }) + "\n");
    });
  }

  /** The process's resident memory now and its peak, in MB (Linux's /proc; undefined elsewhere). */
  memory() {
    try {
      const status = readFileSync(`/proc/${this.child.pid}/status`, "utf8");
      const kilobytes = (name) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, "m").exec(status)?.[1]);
      return { rssMb: kilobytes("VmRSS") / 1024, peakRssMb: kilobytes("VmHWM") / 1024 };
    } catch {
      return undefined;
    }
  }

  close() {
    this.child.stdin.end();
    this.child.kill();
  }
}

/** The one-line `change` request that turns `before` into `after` (1-based lines and offsets). */
export function changeArgs(file, before, after) {
  let start = 0;
  while (start < before.length && before[start] === after[start]) start++;
  let end = 0;
  while (end < before.length - start && end < after.length - start && before[before.length - 1 - end] === after[after.length - 1 - end])
    end++;
  const position = (offset) => {
    const lines = before.slice(0, offset).split("\n");
    return { line: lines.length, offset: lines.at(-1).length + 1 };
  };
  const from = position(start);
  const to = position(before.length - end);
  return {
    file,
    line: from.line,
    offset: from.offset,
    endLine: to.line,
    endOffset: to.offset,
    insertString: after.slice(start, after.length - end),
  };
}
