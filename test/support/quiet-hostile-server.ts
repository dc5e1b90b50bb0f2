import { beforeAll } from "vitest";
import type { RunningServer, ServeOptions } from "honest/node";
import { loadHostileFixture, type HostileFixture } from "./hostile-socket-fixture.js";
import { serveForTest } from "./http.js";
import { expectNoErrorsLogged } from "./logged-errors.js";

// A client that does not read, or a peer that is silent or gone, is the
// client's fault, not the server's (docs/reference/limits.md, "WebSockets"):
// the tests of such clients serve the hostile fixture afresh for each test
// and expect nothing logged.

/**
 * For the calling file: the hostile fixture compiled as `name` before its tests, and a function serving it
 * with createApp's options and serve's `serveOptions`. After each test, the server is closed and nothing
 * may have been logged (expectNoErrorsLogged).
 */
export function quietHostileServer(name: string, serveOptions: ServeOptions): (appOptions?: object) => RunningServer {
  let fixture: HostileFixture;
  let running: RunningServer | undefined;
  beforeAll(async () => {
    fixture = await loadHostileFixture(name);
  });
  expectNoErrorsLogged(async () => {
    await running?.close();
    running = undefined;
  });
  return (appOptions = {}) => {
    running = serveForTest(fixture.createHostileApp(appOptions), serveOptions);
    return running;
  };
}
