import WebSocket from "ws";

// A WebSocket client for tests over real sockets (docs/guide/websockets.md,
// "WebSocket routes"), with the ws package, since Node 20 has no global
// WebSocket: each message as text, in order, the close's code and reason,
// and, for an upgrade refused, the answer's status and body.

export interface TestSocket {
  readonly ws: WebSocket;
  /** The headers of the 101 that opened it. */
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  /** The next text message, waiting for it; rejects if the connection closes first. */
  next(): Promise<string>;
  /** The next message, parsed. */
  nextJson(): Promise<unknown>;
  send(text: string | Buffer, options?: { binary?: boolean }): void;
  /** Resolves when the connection has closed, with its code and reason. */
  readonly closed: Promise<{ code: number; reason: string }>;
}

export interface RefusedUpgrade {
  readonly status: number;
  readonly contentType: string | undefined;
  readonly body: string;
}

/** Opens `url` (ws://…); rejects with a RefusedUpgrade when the server answers without upgrading. */
export function openSocket(url: string, headers: Record<string, string> = {}): Promise<TestSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers });
    const received: string[] = [];
    const waiting: { resolve(text: string): void; reject(error: Error): void }[] = [];
    let closedWith: { code: number; reason: string } | undefined;
    const closed = new Promise<{ code: number; reason: string }>((resolveClosed) => {
      ws.on("close", (code, reason) => {
        closedWith = { code, reason: reason.toString("utf8") };
        for (const waiter of waiting.splice(0)) waiter.reject(new Error(`closed with ${code} ${closedWith.reason}`));
        resolveClosed(closedWith);
      });
    });
    ws.on("message", (data, isBinary) => {
      const text = isBinary ? `<binary ${String((data as Buffer).length)}>` : data.toString();
      const waiter = waiting.shift();
      if (waiter) waiter.resolve(text);
      else received.push(text);
    });
    ws.on("unexpected-response", (_request, response) => {
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => {
        body += chunk;
      });
      response.on("end", () =>
        reject({ status: response.statusCode!, contentType: response.headers["content-type"], body } satisfies RefusedUpgrade),
      );
    });
    ws.on("error", (error) => reject(error));
    let upgradeHeaders: Record<string, string | string[] | undefined> = {};
    ws.on("upgrade", (response) => {
      upgradeHeaders = response.headers;
    });
    ws.on("open", () => {
      const next = () => {
        const text = received.shift();
        if (text !== undefined) return Promise.resolve(text);
        if (closedWith) return Promise.reject(new Error(`closed with ${closedWith.code} ${closedWith.reason}`));
        return new Promise<string>((resolveNext, rejectNext) => waiting.push({ resolve: resolveNext, reject: rejectNext }));
      };
      resolve({
        ws,
        headers: upgradeHeaders,
        next,
        nextJson: async () => JSON.parse(await next()),
        send: (text, options) => ws.send(text, { binary: options?.binary ?? false }),
        closed,
      });
    });
  });
}
