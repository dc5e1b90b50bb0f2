import type { RedisClient } from "../redis/redis-client.js";
import type { RedisLink } from "../redis/redis-link.js";
import { readStream, type StreamEntry, streamEntries } from "./redis-stream-entries.js";

// The one reader of a topic's stream in each instance (docs/guide/topics.md,
// "What it costs"): a loop of XREAD BLOCK on a connection of its own, from
// the last entry it has read, handing what arrives to the instance's
// subscribers; however many subscribe, Redis sees one reader per topic per
// instance. It starts with the topic's first subscriber and stops when the
// app closes, by closing its connection (a blocked XREAD answers nothing
// else).

/** Entries taken from one XREAD at most. */
const BATCH = 100;
/** How long the loop waits after a failed XREAD (the connection is back, or the server refused) before reading again. */
const RETRY_DELAY = 1_000;

export class RedisTopicReader {
  readonly #link: RedisLink;
  readonly #name: string;
  readonly #key: string;
  readonly #counter: string;
  readonly #deliver: (entries: readonly StreamEntry[]) => void;
  #client: RedisClient | undefined;
  #started: Promise<bigint> | undefined;
  #stopped = false;
  /** The number of the last entry read. */
  position = 0n;

  constructor(link: RedisLink, name: string, key: string, counter: string, deliver: (entries: readonly StreamEntry[]) => void) {
    this.#link = link;
    this.#name = name;
    this.#key = key;
    this.#counter = counter;
    this.#deliver = deliver;
  }

  /** Whether the loop has its starting point: `position` is where it has read to. */
  get running(): boolean {
    return this.#client !== undefined && !this.#stopped;
  }

  /** Starts the loop, once: resolves with where it starts, the topic's last number then. */
  start(): Promise<bigint> {
    // A start that failed (Redis away) is tried again by the next subscriber.
    this.#started ??= this.#begin().catch((error: unknown) => {
      this.#started = undefined;
      throw error;
    });
    return this.#started;
  }

  async #begin(): Promise<bigint> {
    const client = await this.#link.dedicated(`topic-${this.#name.replace(/[^\w.:-]/g, "_")}`);
    if (this.#stopped) {
      client.disconnect();
      throw new Error(`honest: topic ${this.#name}: the app has closed`);
    }
    this.position = BigInt(((await this.#link.commands.call("GET", this.#counter)) as string | null) ?? "0");
    this.#client = client;
    void this.#loop(client);
    return this.position;
  }

  async #loop(client: RedisClient): Promise<void> {
    let failing = false;
    while (!this.#stopped) {
      let reply: unknown;
      try {
        reply = await client.call("XREAD", "COUNT", BATCH, "BLOCK", 0, "STREAMS", this.#key, `${this.position}-0`);
      } catch (error) {
        if (this.#stopped) return;
        if (!failing) this.#link.log.warn(`topic ${this.#name}: reading its Redis stream failed: ${(error as Error).message}; retrying`);
        failing = true;
        await new Promise((resolve) => setTimeout(resolve, RETRY_DELAY));
        continue;
      }
      failing = false;
      const entries = streamEntries(readStream(reply));
      if (entries.length === 0) continue;
      this.position = entries[entries.length - 1]!.id;
      this.#deliver(entries);
    }
  }

  /** Stops the loop and closes its connection. */
  stop(): void {
    this.#stopped = true;
    this.#client?.disconnect();
  }
}
