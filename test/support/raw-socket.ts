import net from "node:net";

// HTTP written byte for byte on a TCP socket, for requests no client library
// would send (a body shorter than its content-length, both content-length
// and transfer-encoding, a 20 KB request line) and for clients that go away.

export interface RawAnswer {
  /** The status of the first response, or undefined if the server sent none. */
  readonly status: number | undefined;
  /** Everything the server sent before the socket closed (or the wait ran out). */
  readonly text: string;
  /** Whether the server closed the socket. */
  readonly closed: boolean;
}

export interface RawExchange {
  readonly socket: net.Socket;
  /** Writes more bytes. */
  write(bytes: string | Uint8Array): Promise<void>;
  /** Resolves once the server has sent a whole response or closed the socket, or after `waitMs`. */
  answer(waitMs?: number): Promise<RawAnswer>;
  /** Resolves once the server has sent a response's head (a stream's or a 101's, which have no end) or closed the socket, or after `waitMs`. */
  head(waitMs?: number): Promise<RawAnswer>;
  /** Resolves once the server has closed the socket (true), or after `waitMs` (false). */
  serverClosed(waitMs?: number): Promise<boolean>;
}

/** Connects to the port and writes `bytes`. */
export async function rawExchange(port: number, bytes: string | Uint8Array = ""): Promise<RawExchange> {
  const socket = net.connect(port, "127.0.0.1");
  await new Promise<void>((resolve, reject) => socket.once("connect", resolve).once("error", reject));
  let text = "";
  let closed = false;
  const changed = new Set<() => void>();
  socket.setEncoding("latin1");
  socket.on("data", (chunk: string) => {
    text += chunk;
    for (const wake of changed) wake();
  });
  socket.on("error", () => {}); // a reset is an outcome the test reads from `closed`
  socket.on("close", () => {
    closed = true;
    for (const wake of changed) wake();
  });
  const write = (more: string | Uint8Array) =>
    new Promise<void>((resolve, reject) => socket.write(more, (error) => (error ? reject(error) : resolve())));
  if (bytes.length > 0) await write(bytes);
  return {
    socket,
    write,
    serverClosed(waitMs = 5_000) {
      return new Promise((resolve) => {
        const check = () => {
          if (!closed) return;
          changed.delete(check);
          clearTimeout(timer);
          resolve(true);
        };
        const timer = setTimeout(() => {
          changed.delete(check);
          resolve(closed);
        }, waitMs);
        changed.add(check);
        check();
      });
    },
    answer: (waitMs = 5_000) => until(() => closed || wholeResponse(text), waitMs),
    head: (waitMs = 5_000) => until(() => closed || text.includes("\r\n\r\n"), waitMs),
  };

  /** What the server sent, once `reached` holds or after `waitMs`. */
  function until(reached: () => boolean, waitMs: number): Promise<RawAnswer> {
    return new Promise((resolve) => {
      const done = () => {
        changed.delete(check);
        clearTimeout(timer);
        resolve({ status: statusOf(text), text, closed });
      };
      const check = () => {
        if (reached()) done();
      };
      const timer = setTimeout(done, waitMs);
      changed.add(check);
      check();
    });
  }
}

function statusOf(text: string): number | undefined {
  const match = /^HTTP\/1\.1 (\d{3})/.exec(text);
  return match ? Number(match[1]) : undefined;
}

/** A response whose body has fully arrived: all its content-length, or its last chunk; a 204 or 304 at its headers' end. */
function wholeResponse(text: string): boolean {
  const headerEnd = text.indexOf("\r\n\r\n");
  if (headerEnd === -1) return false;
  const head = text.slice(0, headerEnd);
  // A 204 or 304 has no body, whatever its headers say (RFC 9110).
  if (/^HTTP\/1\.1 (204|304) /.test(head)) return true;
  if (/\r\ntransfer-encoding: *chunked/i.test(head)) return text.endsWith("\r\n0\r\n\r\n");
  const length = /\r\ncontent-length: *(\d+)/i.exec(head);
  return length !== null && Buffer.byteLength(text.slice(headerEnd + 4), "latin1") >= Number(length[1]);
}

/** The body of a raw response with a content-length, decoded as UTF-8. */
export function rawBody(answer: RawAnswer): string {
  const headerEnd = answer.text.indexOf("\r\n\r\n");
  return Buffer.from(answer.text.slice(headerEnd + 4), "latin1").toString("utf8");
}

/** A request's bytes: the request line, headers, an empty line, and the body as given. */
export function requestBytes(method: string, path: string, headers: Readonly<Record<string, string>>, body = ""): string {
  const lines = [`${method} ${path} HTTP/1.1`, "host: 127.0.0.1", ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`)];
  return `${lines.join("\r\n")}\r\n\r\n${body}`;
}
