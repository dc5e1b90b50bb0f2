import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { RunningServer } from "honest/node";
import { loadHostileFixture, type HostileFixture } from "../support/hostile-socket-fixture.js";
import { serveForTest } from "../support/http.js";
import { openSocket, type RefusedUpgrade, type TestSocket } from "../support/socket-client.js";

// docs/guide/websockets.md, "Limits and liveness" (issue 41, item 10): a
// browser sends its page's origin, and its cookies, with every upgrade, so a
// page of another site could open a socket route as the signed-in user
// (cross-site WebSocket hijacking). An upgrade whose Origin names another
// host is refused with a 403 problem, unless createApp's `sockets.origins`
// allows that origin; one without an Origin (not a browser) is not checked.
// And a close reason longer than a close frame holds is the handler's fault
// (1011, logged), not a connection left open. Over real sockets, against the
// hostile fixture served by serve.

let fixture: HostileFixture;
const servers: RunningServer[] = [];

beforeAll(async () => {
  fixture = await loadHostileFixture("socket-origins");
});

afterEach(async () => {
  vi.restoreAllMocks();
  for (const server of servers.splice(0)) await server.close();
});

/** Serves the fixture with createApp's `options`; its port. */
async function serve(options: object = {}): Promise<number> {
  const server = serveForTest(fixture.createHostileApp(options), { gracePeriod: 200 });
  servers.push(server);
  return (await server.listening).port;
}

/** Opens /echo with `origin` (none if undefined) and checks it echoes. */
async function opens(port: number, origin: string | undefined): Promise<void> {
  const socket: TestSocket = await openSocket(`ws://127.0.0.1:${port}/echo`, origin === undefined ? {} : { origin });
  socket.send('{"text":"hello"}');
  expect(await socket.nextJson()).toEqual({ text: "hello" });
  socket.ws.close();
  await socket.closed;
}

/** The answer to an upgrade of /echo from `origin` that must not open. */
async function refused(port: number, origin: string): Promise<RefusedUpgrade> {
  try {
    const socket = await openSocket(`ws://127.0.0.1:${port}/echo`, { origin });
    socket.ws.close();
  } catch (error) {
    return error as RefusedUpgrade;
  }
  throw new Error(`an upgrade from ${origin} opened`);
}

function refusalDetail(origin: string): string {
  return (
    `a WebSocket upgrade from a page of ${origin} is refused: only pages of the app's own host may open its sockets, ` +
    `unless createApp({ sockets: { origins: [${JSON.stringify(origin)}] } }) allows that origin`
  );
}

/** Checks a refusal is the 403 problem document naming `origin`. */
function expectOriginRefused(answer: RefusedUpgrade, origin: string): void {
  expect(answer.status).toBe(403);
  expect(answer.contentType).toBe("application/problem+json");
  expect(JSON.parse(answer.body)).toMatchObject({ status: 403, detail: refusalDetail(origin) });
}

describe("an upgrade's Origin", () => {
  it("of another host is refused with a 403 problem that says how to allow it, before the handler runs", async () => {
    const errors = vi.spyOn(console, "error");
    const port = await serve();
    expectOriginRefused(await refused(port, "https://evil.example"), "https://evil.example");
    // The same host name on another port is another origin's page.
    expectOriginRefused(await refused(port, "http://127.0.0.1:1"), "http://127.0.0.1:1");
    // What a sandboxed page or a file sends.
    expectOriginRefused(await refused(port, "null"), "null");
    expect(errors).not.toHaveBeenCalled();
  });

  it("of the app's own host opens, and so does an upgrade without an Origin (not a browser)", async () => {
    const port = await serve();
    await opens(port, `http://127.0.0.1:${port}`);
    await opens(port, undefined);
  });

  it("listed in sockets.origins opens; others are still refused", async () => {
    const port = await serve({ sockets: { origins: ["https://app.example"] } });
    await opens(port, "https://app.example");
    await opens(port, `http://127.0.0.1:${port}`);
    expectOriginRefused(await refused(port, "https://evil.example"), "https://evil.example");
    // An origin is scheme, host and port: the listed host with another scheme or port is not it.
    expectOriginRefused(await refused(port, "http://app.example"), "http://app.example");
    expectOriginRefused(await refused(port, "https://app.example:8443"), "https://app.example:8443");
  });

  it("listed with its default port, in capitals or with a final slash, matches the Origin a browser sends", async () => {
    const port = await serve({ sockets: { origins: ["HTTPS://App.Example:443/", "http://other.example:80"] } });
    await opens(port, "https://app.example");
    await opens(port, "http://other.example");
    expectOriginRefused(await refused(port, "https://other.example"), "https://other.example");
  });

  it('of any page opens when sockets.origins is "*"', async () => {
    const port = await serve({ sockets: { origins: "*" } });
    await opens(port, "https://evil.example");
    await opens(port, "null");
  });

  it.each([
    ["https://app.example/path"],
    ["https://app.example?x"],
    ["https://user@app.example"],
    ["app.example"],
    ["*.example.com"],
    [""],
  ])("listed as %j stops createApp with a RangeError naming it", (entry) => {
    const create = () => fixture.createHostileApp({ sockets: { origins: ["https://app.example", entry] } });
    expect(create).toThrow(RangeError);
    expect(create).toThrow(`honest: createApp's sockets.origins lists ${JSON.stringify(entry)}, which is not an origin`);
  });
});

describe("a close reason", () => {
  it("of 200 characters closes the connection with 1011, and the handler's RangeError is logged with the limit", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const port = await serve();
    const socket = await openSocket(`ws://127.0.0.1:${port}/close-with`);
    socket.send(JSON.stringify({ text: "r".repeat(200) }));
    expect(await socket.closed).toEqual({ code: 1011, reason: "the server failed to handle the connection" });
    await vi.waitFor(() => expect(errors).toHaveBeenCalled());
    const [message, error] = errors.mock.calls[0]!;
    expect(String(message)).toMatch(/^honest: the handler of the WebSocket at \/close-with failed; its connection is closed with 1011/);
    expect(error).toBeInstanceOf(RangeError);
    expect((error as RangeError).message).toContain("123 bytes");
    expect((error as RangeError).message).toMatch(/got 200$/);
  });

  it("of 123 bytes of UTF-8 at most is the close's reason", async () => {
    const errors = vi.spyOn(console, "error");
    const port = await serve();
    for (const reason of ["a".repeat(100), "é".repeat(61)]) {
      const socket = await openSocket(`ws://127.0.0.1:${port}/close-with`);
      socket.send(JSON.stringify({ text: reason }));
      expect(await socket.closed).toEqual({ code: 4000, reason });
    }
    expect(errors).not.toHaveBeenCalled();
  });

  it("of 62 two-byte characters (124 bytes) is too long, though 62 characters would fit", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const port = await serve();
    const socket = await openSocket(`ws://127.0.0.1:${port}/close-with`);
    socket.send(JSON.stringify({ text: "é".repeat(62) }));
    expect((await socket.closed).code).toBe(1011);
    await vi.waitFor(() => expect(String((errors.mock.calls[0]?.[1] as Error | undefined)?.message)).toMatch(/123 bytes.*got 124$/));
  });
});
