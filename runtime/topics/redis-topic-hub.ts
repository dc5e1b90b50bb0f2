import type { SubscribeOptions, TopicMessage } from "../declarations/markers.js";
import type { RedisLink } from "../redis/redis-link.js";
import { outsideWindow } from "./missed-messages.js";
import { entryNumber, type StreamEntry, streamEntries } from "./redis-stream-entries.js";
import { PUBLISH, REPLAY } from "./redis-topic-scripts.js";
import { RedisTopicReader } from "./redis-topic-reader.js";
import type { TopicReader } from "./topic-codec.js";
import type { HubTopic, TopicHub } from "./topic-hub.js";
import { TOPIC_WINDOW } from "./topic-limits.js";
import { TopicSubscriber } from "./topic-subscriber.js";

// The topics of an app given a Redis server (docs/guide/topics.md, "In this
// process or through Redis"): each a Redis stream its instances share, its
// ids counted in Redis, so that a client may resume on any instance with the
// id it saw on another. Publishing is one script (PUBLISH); each instance
// reads the stream once (RedisTopicReader) for all its subscribers; a
// subscriber with `after` gets the kept entries after it first (REPLAY).

export class RedisTopicHub implements TopicHub {
  readonly #link: RedisLink;
  readonly #topics = new Map<string, RedisTopic>();

  constructor(link: RedisLink) {
    this.#link = link;
  }

  topic(name: string, read: TopicReader): HubTopic {
    let topic = this.#topics.get(name);
    if (!topic) this.#topics.set(name, (topic = new RedisTopic(this.#link, name, read)));
    return topic;
  }

  async close(): Promise<void> {
    for (const topic of this.#topics.values()) topic.close();
  }
}

/** A topic's stream key: `honest:topic:<name>`; its counter, `honest:topic:<name>:last`. */
export function topicKeys(name: string): { readonly stream: string; readonly counter: string } {
  const stream = `honest:topic:${name}`;
  return { stream, counter: `${stream}:last` };
}

class RedisTopic implements HubTopic {
  readonly #link: RedisLink;
  readonly #keys: { readonly stream: string; readonly counter: string };
  readonly #subscribers = new Set<TopicSubscriber<unknown>>();
  readonly #reader: RedisTopicReader;

  constructor(
    link: RedisLink,
    readonly name: string,
    readonly read: TopicReader,
  ) {
    this.#link = link;
    this.#keys = topicKeys(name);
    this.#reader = new RedisTopicReader(link, name, this.#keys.stream, this.#keys.counter, (entries) => this.#deliver(entries));
  }

  async publish(text: string): Promise<bigint> {
    const id = await PUBLISH.run(this.#link.commands, [this.#keys.stream, this.#keys.counter], [text, TOPIC_WINDOW]);
    return BigInt(id as number | string);
  }

  subscribe({ after, signal }: SubscribeOptions): TopicSubscriber<unknown> {
    const subscriber = new TopicSubscriber<unknown>(this.name, signal);
    if (subscriber.ended) return subscriber;
    this.#subscribers.add(subscriber);
    subscriber.onEnd = () => this.#subscribers.delete(subscriber);
    // From now on, where the reader is already reading: nothing to ask Redis.
    if (after === undefined && this.#reader.running) subscriber.begin(this.#reader.position);
    else this.#place(subscriber, after).catch((error: unknown) => subscriber.refuse(error));
    return subscriber;
  }

  async #place(subscriber: TopicSubscriber<unknown>, after: bigint | undefined): Promise<void> {
    // The reader runs before the replay is read, so that together they leave no gap (the subscriber drops what both give).
    const start = await this.#reader.start();
    if (after === undefined) {
      subscriber.begin(start);
      return;
    }
    const [lastText, oldestId, entries] = (await REPLAY.run(
      this.#link.commands,
      [this.#keys.stream, this.#keys.counter],
      [`${after + 1n}-0`],
    )) as [string, string, unknown];
    const last = BigInt(lastText);
    const oldest = oldestId === "" ? last + 1n : entryNumber(oldestId);
    if (after > last || after < oldest - 1n) {
      subscriber.refuse(outsideWindow(this.name, after, last, oldest));
      return;
    }
    subscriber.begin(after, this.#messages(streamEntries(entries)));
  }

  /** The entries as messages, each read by the topic's reader; one it refuses is logged and left out. */
  #messages(entries: readonly StreamEntry[]): TopicMessage<unknown>[] {
    const messages: TopicMessage<unknown>[] = [];
    for (const { id, text } of entries) {
      const message = text === undefined ? this.#unreadable(id) : this.read(text, id);
      if (message !== undefined) messages.push({ id, message });
    }
    return messages;
  }

  #unreadable(id: bigint): undefined {
    this.#link.log.error(`topic ${this.name}: message ${id} has no field m in its Redis stream entry, so no subscriber gets it`);
    return undefined;
  }

  #deliver(entries: readonly StreamEntry[]): void {
    // Read once for every subscriber of this instance, and only when there is one.
    if (this.#subscribers.size === 0) return;
    for (const message of this.#messages(entries)) for (const subscriber of this.#subscribers) subscriber.push(message);
  }

  close(): void {
    this.#reader.stop();
    for (const subscriber of this.#subscribers) subscriber.end();
  }
}
