import { Controller, Get } from "honest";
import type { Json, Sse } from "honest";
import type { Context } from "hono";

// The stream bench's routes (docs/guide/streams.md, "Streams"): a feed that
// stays idle until its client leaves, as a live feed with nothing to say
// does, and one that sends kilobyte ticks as fast as its client takes them.
// `counts` says what the generators did, for the bench to read over HTTP.

export interface Tick {
  n: number;
  label: string;
}

const counts = { open: 0, produced: 0 };

@Controller()
export class FeedController {
  @Get("/health")
  async health(): Promise<Json<{ status: string }>> {
    return { status: "ok" };
  }

  @Get("/counts")
  async counts(): Promise<Json<{ open: number; produced: number }>> {
    return counts;
  }

  /** Nothing but heartbeats, until the client leaves. */
  @Get("/idle")
  async *idle(c: Context): Sse<Tick> {
    counts.open++;
    try {
      await new Promise((resolve) => c.req.raw.signal.addEventListener("abort", resolve, { once: true }));
    } finally {
      counts.open--;
    }
  }

  /** Kilobyte ticks, as fast as the client takes them. */
  @Get("/endless")
  async *endless(): Sse<Tick> {
    const label = "x".repeat(1000);
    counts.open++;
    try {
      for (let n = 0; ; n++) {
        counts.produced++;
        yield { n, label };
      }
    } finally {
      counts.open--;
    }
  }
}
