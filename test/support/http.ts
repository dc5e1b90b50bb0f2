import http from "node:http";
import net from "node:net";
import { afterAll, beforeAll } from "vitest";
import { serve, type RunningServer, type ServeOptions } from "honest/node";

// Real sockets for the tests that need them: a free port, and a request
// whose body the test sends piece by piece.

export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export interface SlowRequest {
  /** Sends the rest of the body and resolves with the response. */
  finish(rest: string): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>;
}

/** Starts a chunked request and sends `start` of its body, leaving it in flight. */
export async function startSlowRequest(
  port: number,
  method: string,
  path: string,
  start: string,
  headers: http.OutgoingHttpHeaders = {},
): Promise<SlowRequest> {
  const request = http.request({ host: "127.0.0.1", port, method, path, headers: { "content-type": "application/json", ...headers } });
  const response = new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
    request.on("response", (incoming) => {
      let body = "";
      incoming.setEncoding("utf8");
      incoming.on("data", (chunk: string) => (body += chunk));
      incoming.on("end", () => resolve({ status: incoming.statusCode ?? 0, headers: incoming.headers, body }));
      incoming.on("error", reject);
    });
    request.on("error", reject);
  });
  request.flushHeaders();
  await new Promise<void>((resolve, reject) => request.write(start, (error) => (error ? reject(error) : resolve())));
  return {
    finish(rest) {
      request.end(rest);
      return response;
    },
  };
}

/** Whether a new TCP connection to the port is refused. */
export function connectionRefused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(false);
    });
    socket.once("error", () => resolve(true));
  });
}

/** Serves `app` on a free loopback port, as a test needs it: no signal handlers, nothing printed. */
export function serveForTest(
  app: { fetch(request: Request, ...rest: any[]): Response | Promise<Response> },
  options: ServeOptions = {},
): RunningServer {
  return serve(app, { port: 0, hostname: "127.0.0.1", handleSignals: false, log: false, ...options });
}

/**
 * Serves the app `app()` gives (read when the block starts, after the file's own set-up) while the tests of the
 * calling describe block run; `base()` is its `http://127.0.0.1:<port>`, `port()` the port.
 */
export function serveDuringBlock(app: () => { fetch(request: Request, ...rest: any[]): Response | Promise<Response> }): {
  base(): string;
  port(): number;
} {
  let running: RunningServer | undefined;
  let port = 0;
  beforeAll(async () => {
    running = serveForTest(app());
    ({ port } = await running.listening);
  });
  afterAll(() => running?.close());
  return { base: () => `http://127.0.0.1:${port}`, port: () => port };
}
