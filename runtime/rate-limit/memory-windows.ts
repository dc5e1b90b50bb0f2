import type { WindowCount, WindowCounter } from "./window-counts.js";

// Fixed windows counted in this process (docs/guide/rate-limits.md, "Memory and Redis"): one
// entry per key that sent a request within its window, dropped once the
// window has ended. One counter serves one route's limit, so every window is
// as long as every other: a Map keeps insertion order, a window re-entered
// once it ended goes to the back, so the entries stand in the order their
// windows end and the ended ones are always at the front, where each count
// drops them. Memory is then bounded by the keys seen within one window
// (about 100 bytes each), and no timer runs.

interface Window {
  count: number;
  readonly endsAt: number;
}

export class MemoryWindows implements WindowCounter {
  readonly #windows = new Map<string, Window>();

  // Read through Date.now at each count, so that a test's fake clock moves the windows.
  constructor(readonly now: () => number = () => Date.now()) {}

  count(key: string, windowMs: number): WindowCount {
    const now = this.now();
    this.#dropEnded(now);
    let window = this.#windows.get(key);
    if (window === undefined) {
      window = { count: 0, endsAt: now + windowMs };
      this.#windows.set(key, window);
    }
    window.count++;
    return { count: window.count, msLeft: window.endsAt - now };
  }

  /** The keys whose window has not ended: what the memory holds. */
  get size(): number {
    return this.#windows.size;
  }

  #dropEnded(now: number): void {
    for (const [key, window] of this.#windows) {
      if (window.endsAt > now) return;
      this.#windows.delete(key);
    }
  }
}
