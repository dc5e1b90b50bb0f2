import { afterEach, describe, expect, it, vi } from "vitest";

// Cloudflare Workers cancel the timers a request set when that request ends, so
// the app's one clock, started by whichever request came first, cannot time
// the others there: each handler has its own timer on Workers
// (docs/reference/limits.md, "Handlers that fail").

async function deadlinesOnWorkers(timeout: number) {
  vi.stubGlobal("navigator", { userAgent: "Cloudflare-Workers" });
  vi.resetModules();
  const { HandlerDeadlines } = await import("../../runtime/app/handler-timeout.js");
  return new HandlerDeadlines(timeout);
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("a handler time limit on Cloudflare Workers", () => {
  it("gives each pending handler a timer of its own, and no clock", async () => {
    const deadlines = await deadlinesOnWorkers(20);
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const intervals = vi.spyOn(globalThis, "setInterval");
    const timeouts = vi.spyOn(globalThis, "setTimeout");
    const never = new Promise<never>(() => {});
    const results = await Promise.allSettled([deadlines.settleWithin(never, "GET /a"), deadlines.settleWithin(never, "GET /b")]);
    expect(intervals).not.toHaveBeenCalled();
    expect(timeouts).toHaveBeenCalledTimes(2);
    for (const result of results) {
      expect(result.status).toBe("rejected");
      // The module is loaded afresh, with its own HttpError class: its fields are what counts.
      expect((result as PromiseRejectedResult).reason).toMatchObject({ status: 504, message: "the handler did not answer within 20 ms" });
    }
    expect(logged).toHaveBeenCalledWith("honest: GET /a did not answer within 20 ms; answered 504");
  });

  it("clears a handler's timer when it answers in time", async () => {
    const deadlines = await deadlinesOnWorkers(1_000);
    const cleared = vi.spyOn(globalThis, "clearTimeout");
    await expect(deadlines.settleWithin(Promise.resolve("done"), "GET /a")).resolves.toBe("done");
    expect(cleared).toHaveBeenCalledTimes(1);
  });
});
