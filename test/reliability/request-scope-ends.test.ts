import http from "node:http";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { Hono } from "hono";
import { compileFixture } from "../support/compile.js";
import { serveDuringBlock } from "../support/http.js";
import { openStream } from "../support/open-stream.js";
import { openSocket } from "../support/socket-client.js";

// docs/guide/request-scope.md, "How a request ends" and "Streams and
// sockets", over a real server: a client that goes away before the answer
// is `gone`; a stream closes its per-request components when it ends (every
// item sent: answered; the client leaving: gone; its producer failing:
// failed), its generator reading them inside the request's scope; a socket
// route's last as long as its connection, closed when the handler returns.

interface Fixture {
  readonly ends: string[];
  readonly gate: { open(): void; reset(): void };
  readonly app: Hono;
}

let fixture: Fixture;

beforeAll(async () => {
  const compiled = compileFixture("request-scope-ends", {
    "src/work.ts": `
      import { PerRequest } from "honest";
      import type { RequestEnd } from "honest";

      export const ends: string[] = [];

      @PerRequest()
      export class Work {
        static built = 0;
        readonly id = ++Work.built;
        close(end: RequestEnd) {
          ends.push(end.outcome === "gone" ? "gone" : \`\${end.outcome} \${end.status}\`);
        }
      }
    `,
    "src/routes.ts": `
      import { Controller, Get, Socket } from "honest";
      import type { Connection, Current, Json, Ndjson, Sse } from "honest";
      import { Work } from "./work.js";

      let release = () => {};
      let opened = new Promise<void>((resolve) => (release = resolve));
      export const gate = {
        open: () => release(),
        reset: () => { opened = new Promise<void>((resolve) => (release = resolve)); },
      };

      @Controller()
      export class EndsController {
        declare readonly work: Current<Work>;

        @Get("/wait")
        async wait(): Promise<Json<number>> {
          const id = this.work.id;
          await opened;
          return id;
        }

        @Get("/feed")
        async *feed(): Sse<number> {
          for (let n = 0; n < 3; n++) yield this.work.id;
        }

        @Get("/endless")
        async *endless(): Sse<number> {
          for (;;) {
            yield this.work.id;
            await new Promise((resolve) => setTimeout(resolve, 10));
          }
        }

        @Get("/fails")
        async *fails(): Ndjson<number> {
          yield this.work.id;
          throw new Error("the producer broke");
        }

        @Socket("/echo")
        async echo(connection: Connection<{ text: string }, { text: string; work: number }>): Promise<void> {
          for await (const message of connection) connection.send({ text: message.text, work: this.work.id });
        }
      }
    `,
    "src/app.ts": `
      import { createApp } from "honest";
      export const app = createApp({ log: false });
    `,
  });
  expect(compiled.diagnostics).toEqual([]);
  fixture = {
    ...(await compiled.load<Pick<Fixture, "ends">>("src/work.ts")),
    ...(await compiled.load<Pick<Fixture, "gate">>("src/routes.ts")),
    ...(await compiled.load<Pick<Fixture, "app">>("src/app.ts")),
  };
});

beforeEach(() => {
  fixture.ends.length = 0;
  fixture.gate.reset();
  vi.spyOn(console, "error").mockImplementation(() => {});
});

afterAll(() => {
  vi.restoreAllMocks();
});

const server = serveDuringBlock(() => fixture.app);

describe("a request whose client goes away", () => {
  it("is gone: the client left before the answer", async () => {
    const request = http.get(`${server.base()}/wait`, { agent: false });
    request.on("error", () => {});
    // The handler reads its unit of work as soon as the server has the request, then waits at the gate.
    await new Promise((resolve) => setTimeout(resolve, 50));
    request.destroy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    fixture.gate.open();
    await vi.waitFor(() => expect(fixture.ends).toEqual(["gone"]));
  });

  it("that stays is answered", async () => {
    fixture.gate.open();
    const response = await fetch(`${server.base()}/wait`);
    expect(response.status).toBe(200);
    expect(fixture.ends).toEqual(["answered 200"]);
  });
});

describe("a stream", () => {
  it("closes its per-request components when every item is sent, and its generator reads them in its request", async () => {
    const response = await fetch(`${server.base()}/feed`);
    const text = await response.text();
    const ids = [...text.matchAll(/^data: (\d+)$/gm)].map((match) => match[1]);
    expect(ids).toHaveLength(3);
    expect(new Set(ids).size).toBe(1);
    await vi.waitFor(() => expect(fixture.ends).toEqual(["answered 200"]));
  });

  it("is gone when the client leaves it", async () => {
    const stream = await openStream(server.base(), "/endless");
    await stream.until((text) => text.split("data:").length > 3);
    expect(fixture.ends).toEqual([]);
    stream.leave();
    await vi.waitFor(() => expect(fixture.ends).toEqual(["gone"]));
  });

  it("failed when its producer throws", async () => {
    const text = await (await fetch(`${server.base()}/fails`)).text();
    expect(text).toContain('"error"');
    await vi.waitFor(() => expect(fixture.ends).toEqual(["failed 500"]));
  });
});

describe("a socket route", () => {
  it("keeps one instance for the connection's life, and closes it when the socket closes", async () => {
    const socket = await openSocket(`${server.base().replace("http", "ws")}/echo`);
    socket.send(JSON.stringify({ text: "one" }));
    const first = (await socket.nextJson()) as { work: number };
    socket.send(JSON.stringify({ text: "two" }));
    const second = (await socket.nextJson()) as { work: number };
    expect(second.work).toBe(first.work);
    expect(fixture.ends).toEqual([]);
    socket.ws.close(1000);
    await socket.closed;
    await vi.waitFor(() => expect(fixture.ends).toEqual(["answered 101"]));
  });
});
