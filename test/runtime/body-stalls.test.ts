import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { BodyStalls } from "../../runtime/body/body-stalls.js";

// The sweep that finds bodies that stopped arriving (docs/reference/limits.md,
// "Bodies held at once, and connections"): a body silent for the timeout is
// reported once, between the timeout and a tenth more after its last piece;
// one that keeps sending, however slowly, never is; one that ended is
// forgotten; and the sweep stops when no body is being read.

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("BodyStalls", () => {
  it("reports a silent body once, between the timeout and a tenth more after its last piece", () => {
    for (const lastPieceAt of [0, 1, 499, 500, 999, 1_234]) {
      const stalls = new BodyStalls(5_000);
      let reported = 0;
      const watch = stalls.watch(() => reported++);
      vi.advanceTimersByTime(lastPieceAt);
      watch.heard = true;
      vi.advanceTimersByTime(4_999);
      expect(reported, `last piece at ${lastPieceAt} ms`).toBe(0);
      vi.advanceTimersByTime(501);
      expect(reported, `last piece at ${lastPieceAt} ms`).toBe(1);
      vi.advanceTimersByTime(20_000);
      expect(reported).toBe(1);
    }
  });

  it("never reports a body that sends a piece at least once per timeout, however slowly", () => {
    const stalls = new BodyStalls(1_000);
    const stalled = vi.fn();
    const watch = stalls.watch(stalled);
    for (let second = 0; second < 60; second++) {
      vi.advanceTimersByTime(990);
      watch.heard = true;
    }
    expect(stalled).not.toHaveBeenCalled();
  });

  it("forgets a body that ended, and stops sweeping once none is being read", () => {
    const stalls = new BodyStalls(1_000);
    const stalled = vi.fn();
    stalls.end(stalls.watch(stalled));
    vi.advanceTimersByTime(10_000);
    expect(stalled).not.toHaveBeenCalled();
    expect(vi.getTimerCount()).toBe(0);
    // A body begun later starts the sweep again.
    stalls.watch(stalled);
    vi.advanceTimersByTime(1_100);
    expect(stalled).toHaveBeenCalledTimes(1);
  });

  it("times a timeout of a few milliseconds, or of years, without an interval setInterval refuses", () => {
    const short = new BodyStalls(3);
    const shortStalled = vi.fn();
    short.watch(shortStalled);
    vi.advanceTimersByTime(2);
    expect(shortStalled).not.toHaveBeenCalled();
    vi.advanceTimersByTime(2);
    expect(shortStalled).toHaveBeenCalledTimes(1);

    const year = 365 * 24 * 3600 * 1000;
    const long = new BodyStalls(year);
    const longStalled = vi.fn();
    long.watch(longStalled);
    vi.advanceTimersByTime(year - 1);
    expect(longStalled).not.toHaveBeenCalled();
    vi.advanceTimersByTime(year / 10 + 1);
    expect(longStalled).toHaveBeenCalledTimes(1);
  });
});
