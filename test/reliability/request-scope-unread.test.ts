import net from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it, type MockInstance, vi } from "vitest";
import type { Hono } from "hono";
import { compileFixture } from "../support/compile.js";
import { serveDuringBlock, serveForTest } from "../support/http.js";
import { openStream } from "../support/open-stream.js";
import { openSocket, type RefusedUpgrade } from "../support/socket-client.js";

// docs/guide/request-scope.md, "When nothing carries the answer" and
// "Streams and sockets": a per-request component is closed however its
// request ends, also where a stream or a socket took the scope on and never
// carried its answer: a HEAD to a stream (answered with its status), a
// stream whose body middleware replaced (gone, when serve's response
// closes), a Response that a caller of app.request dropped (gone, after the
// stream's stall limit), an upgrade refused after the route said yes, or
// whose client left before the 101 (gone), or that ws could not complete
// (refused 400), or that threw (failed 500). Closing the app closes them
// before its own components. And a stream's end waits for its
// generator's `finally` before close(end) runs, for a bounded time.

interface Fixture {
  readonly ends: string[];
  readonly gate: { open(): void; reset(): void; waiting(): boolean };
  readonly app: Hono;
  readonly quickApp: Hono;
  readonly closingApp: Hono;
  readonly droppingApp: Hono;
  closeDroppingApp(): Promise<void>;
  readonly nodeUpgradeApp: Hono;
}

let fixture: Fixture;
let errors: MockInstance<(...args: unknown[]) => void>;

beforeAll(async () => {
  const compiled = compileFixture("request-scope-unread", {
    "src/work.ts": `
      import { PerRequest } from "honest";
      import type { Inject, RequestEnd } from "honest";

      /** What happened, in order: each close(end), what the generators' finally blocks did, and the pool's close. */
      export const ends: string[] = [];

      /** An app-wide component the Work uses, as a unit of work uses its pool. */
      export class Pool {
        close() {
          ends.push("pool closed");
        }
      }

      @PerRequest()
      export class Work {
        static built = 0;
        declare readonly pool: Inject<Pool>;
        readonly id = ++Work.built;
        async close(end: RequestEnd) {
          await new Promise((resolve) => setTimeout(resolve, 5));
          ends.push(end.outcome === "gone" ? "gone" : \`\${end.outcome} \${end.status}\`);
        }
      }
    `,
    "src/routes.ts": `
      import { Controller, Get, Socket } from "honest";
      import type { Connection, Current, From, Ndjson, Sse } from "honest";
      import type { Context } from "hono";
      import { ends, Work } from "./work.js";

      let release = () => {};
      let opened = new Promise<void>((resolve) => (release = resolve));
      let waiting = false;
      export const gate = {
        open: () => release(),
        reset: () => {
          waiting = false;
          opened = new Promise<void>((resolve) => (release = resolve));
        },
        waiting: () => waiting,
      };

      const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

      /** Builds the request's Work before the upgrade; with ?wait, waits at the gate first. */
      export class WorkId {
        declare readonly work: Current<Work>;
        async resolve(c: Context): Promise<number> {
          const id = this.work.id;
          if (c.req.query("wait") !== undefined) {
            waiting = true;
            await opened;
          }
          return id;
        }
      }

      @Controller()
      export class UnreadController {
        declare readonly work: Current<Work>;

        @Get("/feed")
        async *feed(work: From<WorkId>): Sse<number> {
          for (;;) {
            yield work;
            await sleep(10);
          }
        }

        @Get("/lines")
        async *lines(work: From<WorkId>): Ndjson<number> {
          yield work;
        }

        @Get("/tidy")
        async *tidy(): Sse<number> {
          try {
            for (;;) {
              yield this.work.id;
              await sleep(10);
            }
          } finally {
            await sleep(50);
            ends.push("finally done");
          }
        }

        @Get("/stuck")
        async *stuck(): Sse<number> {
          try {
            yield this.work.id;
            await new Promise(() => {});
          } finally {
            ends.push("stuck finally");
          }
        }

        @Socket("/echo")
        async echo(connection: Connection<{ text: string }, { text: string; work: number }>, work: From<WorkId>): Promise<void> {
          for await (const message of connection) connection.send({ text: message.text, work });
        }
      }
    `,
    "src/app.ts": `
      import { closeApp, createApp } from "honest";
      import type { MiddlewareHandler } from "hono";

      /** Replaces the route's answer after it: x-replace names the status of the answer that takes its place. */
      const replace: MiddlewareHandler = async (c, next) => {
        await next();
        const status = c.req.header("x-replace");
        if (status !== undefined) c.res = new Response("replaced", { status: Number(status) });
      };

      export const app = createApp({ log: false, use: [replace] });
      /** A stall limit short enough for a test to see a body no one reads given up. */
      export const quickApp = createApp({ log: false, streamStallTimeout: 100 });
      /** Apps a test closes. */
      export const closingApp = createApp({ log: false });
      export const droppingApp = createApp({ log: false });
      export const closeDroppingApp = () => closeApp(droppingApp);
    `,
    "src/node-upgrade-app.ts": `
      import { createApp } from "honest";
      import { upgradeWebSocket } from "honest/node";
      export const nodeUpgradeApp = createApp({ log: false, upgradeWebSocket });
    `,
  });
  expect(compiled.diagnostics).toEqual([]);
  fixture = {
    ...(await compiled.load<Pick<Fixture, "ends">>("src/work.ts")),
    ...(await compiled.load<Pick<Fixture, "gate">>("src/routes.ts")),
    ...(await compiled.load<Pick<Fixture, "app" | "quickApp" | "closingApp" | "droppingApp" | "closeDroppingApp">>("src/app.ts")),
    ...(await compiled.load<Pick<Fixture, "nodeUpgradeApp">>("src/node-upgrade-app.ts")),
  };
});

beforeEach(() => {
  fixture.ends.length = 0;
  fixture.gate.reset();
  errors = vi.spyOn(console, "error").mockImplementation(() => {});
});

afterAll(() => {
  vi.restoreAllMocks();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// One server for the file: closing it ends the app's streams for good (docs/guide/streams.md, "When the client leaves").
const server = serveDuringBlock(() => fixture.app);

describe("a stream whose answer is never read", () => {
  it("answers a HEAD with its headers alone, and closes what its resolver built as answered 200 (app.request)", async () => {
    const response = await fixture.app.request("/feed", { method: "HEAD" });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/event-stream");
    expect(response.body).toBeNull();
    expect(fixture.ends).toEqual(["answered 200"]);
  });

  it("answers a HEAD over serve, Sse and Ndjson alike, each closed as answered 200", async () => {
    const sse = await fetch(`${server.base()}/feed`, { method: "HEAD" });
    expect([sse.status, sse.headers.get("content-type")]).toEqual([200, "text/event-stream"]);
    await vi.waitFor(() => expect(fixture.ends).toEqual(["answered 200"]));
    const ndjson = await fetch(`${server.base()}/lines`, { method: "HEAD" });
    expect([ndjson.status, ndjson.headers.get("content-type")]).toEqual([200, "application/x-ndjson"]);
    await vi.waitFor(() => expect(fixture.ends).toEqual(["answered 200", "answered 200"]));
  });

  it("is gone once serve's response closes, where middleware replaced the stream's answer", async () => {
    const response = await fetch(`${server.base()}/feed`, { headers: { "x-replace": "200" } });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe("replaced");
    await vi.waitFor(() => expect(fixture.ends).toEqual(["gone"]));
  });

  it("is gone after the stall limit where a caller of app.request dropped the Response unread", async () => {
    const response = await fixture.quickApp.request("/feed");
    expect(response.status).toBe(200);
    await sleep(50);
    expect(fixture.ends).toEqual([]);
    // Nothing reads it: after the stall limit (100 ms here) it ends as a client that stopped reading.
    await vi.waitFor(() => expect(fixture.ends).toEqual(["gone"]), { timeout: 2_000 });
    // A reader that comes later finds the stream ended, empty.
    expect(await response.text()).toBe("");
  });
});

describe("a socket route whose connection never opens", () => {
  it("closes what its resolver built with the answer's status where middleware refused the upgrade after the route", async () => {
    const refused = await openSocket(`${server.base().replace("http", "ws")}/echo`, { "x-replace": "403" }).then(
      () => undefined,
      (error: RefusedUpgrade) => error,
    );
    expect(refused?.status).toBe(403);
    expect(refused?.body).toBe("replaced");
    await vi.waitFor(() => expect(fixture.ends).toEqual(["refused 403"]));
  });

  it("is gone when the client left before the 101", async () => {
    const socket = net.connect(server.port(), "127.0.0.1");
    await new Promise<void>((resolve) => socket.once("connect", resolve));
    socket.on("error", () => {});
    socket.write(
      "GET /echo?wait HTTP/1.1\r\nhost: 127.0.0.1\r\nupgrade: websocket\r\nconnection: Upgrade\r\n" +
        "sec-websocket-key: dGhlIHNhbXBsZSBub25jZQ==\r\nsec-websocket-version: 13\r\n\r\n",
    );
    // The resolver has built the Work and waits at the gate; the client goes, and then the route says yes.
    await vi.waitFor(() => expect(fixture.gate.waiting()).toBe(true));
    socket.destroy();
    await sleep(50);
    fixture.gate.open();
    await vi.waitFor(() => expect(fixture.ends).toEqual(["gone"]));
  });

  it("is refused 400 where the route said yes and ws could not complete the handshake", async () => {
    const socket = net.connect(server.port(), "127.0.0.1");
    await new Promise<void>((resolve) => socket.once("connect", resolve));
    let answer = "";
    socket.on("data", (chunk: Buffer) => (answer += chunk.toString("latin1")));
    const closed = new Promise((resolve) => socket.once("close", resolve));
    // No Sec-WebSocket-Key: honest's own checks leave the handshake's keys to ws, which refuses it.
    socket.write("GET /echo HTTP/1.1\r\nhost: 127.0.0.1\r\nupgrade: websocket\r\nconnection: Upgrade\r\nsec-websocket-version: 13\r\n\r\n");
    await closed;
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    await vi.waitFor(() => expect(fixture.ends).toEqual(["refused 400"]));
  });

  it("fails with 500 where the upgrade throws (honest/node's upgrade asked of app.request)", async () => {
    const response = await fixture.nodeUpgradeApp.request("/echo", { headers: { upgrade: "websocket", connection: "Upgrade" } });
    expect(response.status).toBe(500);
    await vi.waitFor(() => expect(fixture.ends).toEqual(["failed 500"]));
  });
});

describe("a stream the client leaves", () => {
  it("closes its per-request components after its generator's finally has run", async () => {
    const stream = await openStream(server.base(), "/tidy");
    await stream.until((text) => text.split("data:").length > 2);
    stream.leave();
    await vi.waitFor(() => expect(fixture.ends).toEqual(["finally done", "gone"]));
  });

  it("closes them after a second where the generator is busy in an await that never settles, and says so", async () => {
    const stream = await openStream(server.base(), "/stuck");
    await stream.until((text) => text.includes("data:"));
    await sleep(20);
    const left = Date.now();
    stream.leave();
    await vi.waitFor(() => expect(fixture.ends).toEqual(["gone"]), { timeout: 3_000 });
    expect(Date.now() - left).toBeGreaterThanOrEqual(900);
    expect(errors).toHaveBeenCalledWith(
      expect.stringMatching(/^honest: the stream of GET \/stuck did not finish within 1000 ms of being closed/),
    );
  });
});

describe("an app that closes", () => {
  it("closes the per-request components a stream holds, after its generator's finally, before the app's components", async () => {
    const running = serveForTest(fixture.closingApp);
    const { port } = await running.listening;
    const stream = await openStream(`http://127.0.0.1:${port}`, "/tidy");
    await stream.until((text) => text.includes("data:"));
    await running.close();
    // The server ended the stream as it shut down: failed, 503.
    expect(fixture.ends).toEqual(["finally done", "failed 503", "pool closed"]);
  });

  it("closes those of a Response dropped unread (app.request) as gone, before the app's components", async () => {
    const response = await fixture.droppingApp.request("/feed");
    expect(response.status).toBe(200);
    await fixture.closeDroppingApp();
    expect(fixture.ends).toEqual(["gone", "pool closed"]);
  });
});
