import http from "node:http";

// A streamed response read over its own connection (no pool to keep it), as
// it arrives, for tests of streams (docs/guide/streams.md, "Streams").

/** A GET that stays open: its response's headers, what has arrived so far, and a way to leave. */
export interface OpenStream {
  readonly response: http.IncomingMessage;
  text(): string;
  /** Waits until what has arrived passes `check`. */
  until(check: (text: string) => boolean): Promise<string>;
  leave(): void;
}

export function openStream(base: string, path: string, headers: Record<string, string> = {}): Promise<OpenStream> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${base}${path}`, { agent: false, headers }, (response) => {
      let text = "";
      const waiting = new Set<() => void>();
      response.setEncoding("utf8").on("data", (chunk: string) => {
        text += chunk;
        for (const wake of waiting) wake();
      });
      response.on("error", () => {});
      resolve({
        response,
        text: () => text,
        until: (check) =>
          new Promise((done) => {
            const wake = () => {
              if (!check(text)) return;
              waiting.delete(wake);
              done(text);
            };
            waiting.add(wake);
            wake();
          }),
        leave: () => request.destroy(),
      });
    });
    request.on("error", (error) => {
      if (!request.destroyed) reject(error);
    });
  });
}
