import type { Topic, TopicSubscription } from "honest";
import type { ItemChange } from "./item.js";

/**
 * The items' changes, for `GET /items/changes`: what ItemStore and
 * MemoryItemStore extend. Each change is published on the topic
 * "items.changes" once it is stored (for the database, once its transaction
 * has committed), and its id is the topic's: with a Redis server, the same
 * on every instance, so a client that reconnects with `Last-Event-ID` to
 * another instance resumes where it was (docs/guide/topics.md, "Feeding a
 * stream").
 */
export class ItemFeed {
  declare readonly feed: Topic<ItemChange, "items.changes">;

  /** Publishes a stored change; one that cannot be (Redis away) is logged: the write stands, the feed misses it. */
  protected publish(change: ItemChange): void {
    this.feed.publish(change).catch((error: unknown) => console.error("items: a change was stored and not published:", error));
  }

  /**
   * The changes after `after` (the last one a client saw, or from now on),
   * then each change as it happens, until `signal` aborts; rejects with
   * MissedMessages, a 410, when those after `after` are no longer kept.
   */
  async changes(after: bigint | undefined, signal: AbortSignal): Promise<AsyncIterable<ItemChange>> {
    const subscription = this.feed.subscribe({ after, signal });
    await subscription.ready();
    return withIds(subscription);
  }
}

/** Each change with its id, what a reconnecting client sends back. */
async function* withIds(subscription: TopicSubscription<ItemChange>): AsyncGenerator<ItemChange> {
  for await (const { id, message } of subscription) yield { ...message, id };
}
