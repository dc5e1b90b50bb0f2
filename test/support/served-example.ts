import type { AppOptions } from "honest";
import type { RunningServer, ServeOptions } from "honest/node";
import { afterAll, beforeAll } from "vitest";
import { exampleApp } from "./example.js";
import { serveForTest } from "./http.js";

// The example served for real by honest's `serve` for the tests of one file
// (or one describe block): started before them, closed after them.

export interface ServedExample {
  readonly running: RunningServer;
  readonly port: number;
  /** `http://127.0.0.1:<port>` */
  readonly base: string;
}

/** Registers the beforeAll that serves a fresh example and the afterAll that closes it; read the fields inside tests. */
export function serveExample(options: Omit<AppOptions, "controllers"> = {}, serveOptions: ServeOptions = {}): ServedExample {
  const served = {} as { running: RunningServer; port: number; base: string };
  beforeAll(async () => {
    served.running = serveForTest(await exampleApp(options), serveOptions);
    served.port = (await served.running.listening).port;
    served.base = `http://127.0.0.1:${served.port}`;
  });
  afterAll(() => served.running?.close());
  return served;
}

/** How many items the example at `base` holds (three when nothing changed them). */
export async function itemCount(base: string): Promise<number> {
  return ((await (await fetch(`${base}/items`)).json()) as unknown[]).length;
}
