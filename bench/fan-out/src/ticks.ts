import type { Topic } from "honest";

/** What the bench publishes: when and in which order, so the receiver can time each delivery and check none is lost. */
export interface Tick {
  seq: number;
  /** performance.timeOrigin + performance.now() in the process that published, in ms. */
  sentAt: number;
}

/** The bench's one topic, shared by every instance through Redis when REDIS_URL is set. */
export class Ticks {
  declare readonly topic: Topic<Tick, "bench.ticks">;
}
