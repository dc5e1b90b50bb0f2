import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { Hono } from "hono";
import { stream } from "hono/streaming";
import { compileFixture } from "../support/compile.js";
import { problemOf } from "../support/example.js";
import { serveForTest } from "../support/http.js";
import { rawExchange, requestBytes } from "../support/raw-socket.js";
import { problem } from "../support/problem.js";

// Handlers that fail in every way JavaScript allows. The client always gets
// a clean answer (a problem document with nothing of the error in it) or,
// once a response has started, a closed socket; the server logs the fault and
// goes on serving.

let createFaultyApp: (options?: object) => Hono;

beforeAll(async () => {
  const compiled = compileFixture("handler-faults", {
    "src/faults.ts": `
      import { Controller, Get, Post, HttpError, StatusCode } from "honest";
      import type { Json } from "honest";

      const never = new Promise<never>(() => {});

      @Controller()
      export class FaultController {
        @Get("/sync-throw") async syncThrow(): Promise<Json<string>> { throw new Error("secret detail"); }
        @Get("/rejected") async rejected(): Promise<Json<string>> { await Promise.resolve(); throw new Error("secret detail"); }
        @Get("/string") async string(): Promise<Json<string>> { throw "secret detail"; }
        @Get("/object") async object(): Promise<Json<string>> { await Promise.resolve(); throw { secret: "detail" }; }
        @Get("/undefined") async undefinedThrow(): Promise<Json<string>> { throw undefined; }
        @Get("/never") async never(): Promise<Json<string>> { return never; }
        @Get("/slow") async slow(): Promise<Json<string>> { await new Promise((resolve) => setTimeout(resolve, 50)); return "done"; }
        @Get("/late-failure") async lateFailure(): Promise<Json<string>> {
          await new Promise((resolve) => setTimeout(resolve, 100));
          throw new Error("after the deadline");
        }
        @Get("/http-error") async httpError(): Promise<Json<string>> { throw new HttpError(StatusCode.CONFLICT, "taken"); }
        @Post("/ok") async ok(): Promise<StatusCode> { return StatusCode.NO_CONTENT; }
      }
    `,
    "src/app.ts": `
      import { createApp, type AppOptions } from "honest";
      export const createFaultyApp = (options: Omit<AppOptions, "controllers"> = {}) => createApp({ log: false, ...options });
    `,
  });
  expect(compiled.diagnostics).toEqual([]);
  ({ createFaultyApp } = await compiled.load<{ createFaultyApp: typeof createFaultyApp }>("src/app.ts"));
});

let errors: ReturnType<typeof vi.spyOn>;
const rejections: unknown[] = [];
const onRejection = (reason: unknown) => rejections.push(reason);
beforeAll(() => {
  process.on("unhandledRejection", onRejection);
});
afterAll(() => {
  process.off("unhandledRejection", onRejection);
});
afterEach(() => {
  expect(rejections).toEqual([]);
  vi.restoreAllMocks();
});

function spyOnErrors() {
  errors = vi.spyOn(console, "error").mockImplementation(() => {});
  return errors;
}

async function expectCleanFailure(response: Response): Promise<void> {
  expect(response.status).toBe(500);
  const text = await response.clone().text();
  expect(await problemOf(response)).toEqual(problem(500, "Internal Server Error", "the server failed to complete the request"));
  expect(text).not.toContain("secret");
  expect(text).not.toContain("at ");
}

describe("a handler that throws", () => {
  it.each(["/sync-throw", "/rejected", "/string", "/object", "/undefined"])(
    "%s: a 500 with nothing of the error, logged on the server",
    async (path) => {
      const logged = spyOnErrors();
      await expectCleanFailure(await createFaultyApp().request(path));
      expect(logged).toHaveBeenCalledTimes(1);
      expect(String(logged.mock.calls[0]![0])).toContain(`GET ${path} failed`);
    },
  );

  it("throws of values that are not Errors are answered the same on a real socket", async () => {
    spyOnErrors();
    const running = serveForTest(createFaultyApp());
    const base = `http://127.0.0.1:${(await running.listening).port}`;
    try {
      for (const path of ["/string", "/object", "/undefined", "/sync-throw"]) await expectCleanFailure(await fetch(`${base}${path}`));
      expect((await fetch(`${base}/ok`, { method: "POST" })).status).toBe(204);
    } finally {
      await running.close();
    }
  });

  it("an HttpError is an answer, not a fault: nothing is logged", async () => {
    const logged = spyOnErrors();
    const response = await createFaultyApp().request("/http-error");
    expect(await problemOf(response)).toMatchObject({ status: 409, detail: "taken" });
    expect(logged).not.toHaveBeenCalled();
  });
});

describe("a handler that never answers", () => {
  it("gets 504 after createApp({ timeout }) ms, and the server logs the route", async () => {
    const logged = spyOnErrors();
    const response = await createFaultyApp({ timeout: 30 }).request("/never");
    expect(await problemOf(response)).toEqual(problem(504, "Gateway Timeout", "the handler did not answer within 30 ms"));
    expect(logged).toHaveBeenCalledWith("honest: GET /never (FaultController.never) did not answer within 30 ms; answered 504");
  });

  it("a handler within the limit is not affected, and one that fails after it leaves no unhandled rejection", async () => {
    spyOnErrors();
    const app = createFaultyApp({ timeout: 20 });
    const [slow, late] = await Promise.all([createFaultyApp({ timeout: 1_000 }).request("/slow"), app.request("/late-failure")]);
    expect(await slow.json()).toBe("done");
    expect(late.status).toBe(504);
    await new Promise((resolve) => setTimeout(resolve, 150)); // the late failure has now happened; afterEach checks it was handled
  });

  it("timeout: 0 sets no limit", async () => {
    const response = await Promise.race([
      createFaultyApp({ timeout: 0 }).request("/never"),
      new Promise<"still waiting">((resolve) => setTimeout(() => resolve("still waiting"), 100)),
    ]);
    expect(response).toBe("still waiting");
  });

  it("is 30 s by default", async () => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    try {
      spyOnErrors();
      const pending = createFaultyApp().request("/never");
      await vi.advanceTimersByTimeAsync(29_999);
      let settled = false;
      void Promise.resolve(pending).then(() => (settled = true));
      await vi.advanceTimersByTimeAsync(0);
      expect(settled).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect((await pending).status).toBe(504);
    } finally {
      vi.useRealTimers();
    }
  });

  // docs/reference/limits.md, "Handlers that fail": one clock per app, ticking twenty times per limit.
  it("answers a handler that began while the clock ran no sooner than the limit, and within a tenth more", async () => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    try {
      spyOnErrors();
      const app = createFaultyApp();
      const first = app.request("/never");
      await vi.advanceTimersByTimeAsync(700); // between two ticks
      let settled = false;
      const second = Promise.resolve(app.request("/never")).then((response) => {
        settled = true;
        return response;
      });
      await vi.advanceTimersByTimeAsync(29_300);
      expect((await first).status).toBe(504);
      await vi.advanceTimersByTimeAsync(699);
      expect(settled).toBe(false); // 29 999 ms after it began
      await vi.advanceTimersByTimeAsync(3_001);
      expect(settled).toBe(true); // 33 000 ms after it began
      expect((await second).status).toBe(504);
    } finally {
      vi.useRealTimers();
    }
  });

  it("costs no timer per request: the app's one clock times every pending handler", async () => {
    spyOnErrors();
    const app = createFaultyApp({ timeout: 30 });
    const timeouts = vi.spyOn(globalThis, "setTimeout");
    const intervals = vi.spyOn(globalThis, "setInterval");
    try {
      const responses = await Promise.all(Array.from({ length: 20 }, () => app.request("/never")));
      expect(responses.map(({ status }) => status)).toEqual(Array(20).fill(504));
      expect(timeouts).not.toHaveBeenCalled();
      expect(intervals).toHaveBeenCalledTimes(1);
    } finally {
      timeouts.mockRestore();
      intervals.mockRestore();
    }
  });
});

describe("an error after a streamed response started", () => {
  async function streamed(
    route: (app: Hono) => void,
    headers: Record<string, string> = {},
  ): Promise<{ answer: Awaited<ReturnType<Awaited<ReturnType<typeof rawExchange>>["answer"]>>; stillServing: number }> {
    spyOnErrors();
    const app = createFaultyApp();
    // honest's own routes answer whole; a streaming route is one the user adds to the Hono app.
    route(app);
    const running = serveForTest(app);
    const port = (await running.listening).port;
    try {
      const exchange = await rawExchange(port, requestBytes("GET", "/stream", headers));
      const answer = await exchange.answer(2_000);
      exchange.socket.destroy();
      const stillServing = (await fetch(`http://127.0.0.1:${port}/ok`, { method: "POST" })).status;
      return { answer, stillServing };
    } finally {
      await running.close();
    }
  }

  it("from a body stream that errors: the socket is closed mid-body, and the server goes on", async () => {
    const { answer, stillServing } = await streamed((app) =>
      app.get("/stream", (c) => {
        let sent = false;
        const body = new ReadableStream<Uint8Array>({
          async pull(controller) {
            if (sent) {
              await new Promise((resolve) => setTimeout(resolve, 20));
              controller.error(new Error("secret detail"));
            } else {
              controller.enqueue(new TextEncoder().encode("first part;"));
              sent = true;
            }
          },
        });
        return c.body(body, 200, { "content-type": "text/plain" });
      }),
    );
    expect(answer.status).toBe(200);
    expect(answer.text).toContain("first part;");
    expect(answer.text).not.toContain("secret");
    expect(answer.text).not.toMatch(/\r\n0\r\n\r\n$/); // no final chunk: the client can tell the body was cut
    expect(answer.closed).toBe(true);
    expect(stillServing).toBe(204);
  });

  it("inside hono/streaming's stream(): the body ends early, with nothing of the error, and the server goes on", async () => {
    const { answer, stillServing } = await streamed(
      (app) =>
        app.get("/stream", (c) =>
          stream(c, async (body) => {
            await body.write("first part;");
            await new Promise((resolve) => setTimeout(resolve, 20));
            throw new Error("secret detail");
          }),
        ),
      { connection: "close" },
    );
    expect(answer.status).toBe(200);
    expect(answer.text).toContain("first part;");
    expect(answer.text).not.toContain("secret");
    expect(answer.text.match(/HTTP\/1\.1/g)).toHaveLength(1);
    expect(stillServing).toBe(204);
  });
});
