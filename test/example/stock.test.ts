import { closeApp } from "honest";
import { describe, expect, it, vi } from "vitest";
import { exampleApp } from "../support/example.js";

// The example's scheduled job (docs/guide/scheduled-work.md, "Scheduled work"): StockCount.take counts the items
// every 2 s, on ticks every instance agrees on, and GET /stock answers with the counts kept, newest first; quiet in
// the terminal, and stopped with the app.

interface StockSnapshot {
  tick: string;
  instance: string;
  takenAt: string;
  items: number;
  inStock: number;
}

describe("GET /stock", () => {
  it("lists the counts the job took, one per tick, newest first", async () => {
    const printed = vi.spyOn(console, "log");
    const errors = vi.spyOn(console, "error");
    const app = await exampleApp();
    const started = Date.now();
    let counts: StockSnapshot[] = [];
    try {
      await vi.waitFor(
        async () => {
          const response = await app.request("/stock");
          expect(response.status).toBe(200);
          counts = ((await response.json()) as StockSnapshot[]).filter((count) => Date.parse(count.takenAt) >= started);
          expect(counts.length).toBeGreaterThanOrEqual(2);
        },
        { timeout: 15_000, interval: 250 },
      );
    } finally {
      await closeApp(app);
    }
    const [newest, previous] = counts as [StockSnapshot, StockSnapshot];
    expect(newest).toEqual({ tick: expect.any(String), instance: previous.instance, takenAt: expect.any(String), items: 3, inStock: 2 });
    // Ticks fall on multiples of 2 s since the epoch; each count is taken at or after its tick, the newest first.
    for (const count of [newest, previous]) {
      expect(Date.parse(count.tick) % 2_000).toBe(0);
      expect(Date.parse(count.takenAt)).toBeGreaterThanOrEqual(Date.parse(count.tick));
    }
    expect(Date.parse(newest.tick)).toBeGreaterThan(Date.parse(previous.tick));
    expect(newest.instance).toMatch(/^[0-9a-f]{8}$/);
    expect(printed).not.toHaveBeenCalled();
    expect(errors).not.toHaveBeenCalled();
  });
});
