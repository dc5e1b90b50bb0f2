import { describe, expect, it } from "vitest";
import { MemoryWindows } from "../../runtime/rate-limit/memory-windows.js";
import { windowLengthOf } from "../../runtime/rate-limit/window-length.js";

// docs/guide/rate-limits.md, "Memory and Redis": fixed windows counted in memory, which holds only the keys
// whose window has not ended: ended ones are dropped as later requests are counted, with no timer.

describe("fixed windows in memory", () => {
  it("counts each key in its window, from its first request, and anew once it has ended", () => {
    let now = 1_000;
    const windows = new MemoryWindows(() => now);
    expect(windows.count("a", 60_000)).toEqual({ count: 1, msLeft: 60_000 });
    now += 20_000;
    expect(windows.count("a", 60_000)).toEqual({ count: 2, msLeft: 40_000 });
    expect(windows.count("b", 60_000)).toEqual({ count: 1, msLeft: 60_000 });
    now += 40_000;
    expect(windows.count("a", 60_000)).toEqual({ count: 1, msLeft: 60_000 });
    expect(windows.count("b", 60_000)).toEqual({ count: 2, msLeft: 20_000 });
  });

  it("holds no more keys than sent a request within one window: 100 000 clients, then one more a window later", () => {
    let now = 0;
    const windows = new MemoryWindows(() => now);
    for (let client = 0; client < 100_000; client++) {
      windows.count(`client ${client}`, 1_000);
      now += 0.005;
    }
    expect(windows.size).toBe(100_000);
    now += 1_000;
    windows.count("late", 1_000);
    expect(windows.size).toBe(1);
  });

  it("drops the ended windows at the front and keeps the live ones behind them", () => {
    let now = 0;
    const windows = new MemoryWindows(() => now);
    windows.count("early", 100);
    now = 50;
    windows.count("middle", 100);
    now = 120;
    windows.count("late", 100);
    expect(windows.size).toBe(2);
    expect(windows.count("middle", 100)).toEqual({ count: 2, msLeft: 30 });
  });
});

describe("window lengths", () => {
  it("reads durations in ms, s, m, h and d, and whole ms, up to 7 days", () => {
    expect(["500ms", "30s", "1m", "2h", "1d", 1500, "7d"].map(windowLengthOf)).toEqual([
      500, 30_000, 60_000, 7_200_000, 86_400_000, 1500, 604_800_000,
    ]);
  });

  it("refuses anything else", () => {
    expect(["1.5m", "-1s", "0s", "1 m", "1w", "8d", "", 0, -5, 1.5, Number.NaN].map(windowLengthOf)).toEqual(Array(11).fill(undefined));
  });
});
