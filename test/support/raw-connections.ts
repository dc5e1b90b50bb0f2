import { afterEach, beforeEach, expect, vi } from "vitest";
import type { RunningServer, ServeOptions } from "honest/node";
import { serveForTest } from "./http.js";
import { type RawExchange, rawExchange } from "./raw-socket.js";

// For a file whose tests each serve an app of their own and open raw
// connections to it: after each test, the connections are destroyed and the
// server closed, and the server must have logged no error (refusals,
// clients that leave and timeouts are not faults of the server).

export interface RawConnections {
  /** Serves `app` for this test; its port. */
  serve(app: Parameters<typeof serveForTest>[0], options?: ServeOptions): Promise<number>;
  /** The server this test serves. */
  running(): RunningServer;
  /** Connects to the port and writes `bytes`; destroyed after the test. */
  connect(port: number, bytes?: string): Promise<RawExchange>;
}

export function rawConnections(): RawConnections {
  let running: RunningServer | undefined;
  const exchanges: RawExchange[] = [];
  let errors: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    errors = vi.spyOn(console, "error");
  });
  afterEach(async () => {
    for (const exchange of exchanges.splice(0)) exchange.socket.destroy();
    await running?.close();
    running = undefined;
    expect(errors).not.toHaveBeenCalled();
    vi.restoreAllMocks();
  });
  return {
    async serve(app, options = {}) {
      running = serveForTest(app, options);
      return (await running.listening).port;
    },
    running: () => running!,
    async connect(port, bytes = "") {
      const exchange = await rawExchange(port, bytes);
      exchanges.push(exchange);
      return exchange;
    },
  };
}
