import type { SubscribeOptions, TopicMessage } from "../declarations/markers.js";
import { outsideWindow } from "./missed-messages.js";
import type { TopicReader } from "./topic-codec.js";
import type { HubTopic, TopicHub } from "./topic-hub.js";
import { TOPIC_WINDOW } from "./topic-limits.js";
import { KeptMessages } from "./kept-messages.js";
import { TopicSubscriber } from "./topic-subscriber.js";

// The topics of an app without Redis (docs/guide/topics.md, "In this process
// or through Redis"): each message written, read back once, kept in a ring,
// and handed to this process's subscribers as it is published. Ids start at
// 1 with each process, so a client that comes back to a restarted process
// with a Last-Event-ID is told it missed messages.

export class MemoryTopicHub implements TopicHub {
  readonly #topics = new Map<string, MemoryTopic>();

  topic(name: string, read: TopicReader): HubTopic {
    let topic = this.#topics.get(name);
    if (!topic) this.#topics.set(name, (topic = new MemoryTopic(name, read)));
    return topic;
  }

  async close(): Promise<void> {
    for (const topic of this.#topics.values()) topic.close();
  }
}

class MemoryTopic implements HubTopic {
  #last = 0n;
  readonly #kept = new KeptMessages(TOPIC_WINDOW);
  readonly #subscribers = new Set<TopicSubscriber<unknown>>();

  constructor(
    readonly name: string,
    readonly read: TopicReader,
  ) {}

  async publish(text: string): Promise<bigint> {
    const id = ++this.#last;
    const message = this.read(text, id);
    this.#kept.add({ id, message });
    if (message !== undefined) for (const subscriber of this.#subscribers) subscriber.push({ id, message });
    return id;
  }

  subscribe({ after, signal }: SubscribeOptions): TopicSubscriber<unknown> {
    const subscriber = new TopicSubscriber<unknown>(this.name, signal);
    if (subscriber.ended) return subscriber;
    if (after === undefined) subscriber.begin(this.#last);
    else {
      const oldest = this.#kept.oldest ?? this.#last + 1n;
      if (after > this.#last || after < oldest - 1n) {
        subscriber.refuse(outsideWindow(this.name, after, this.#last, oldest));
        return subscriber;
      }
      const replay = this.#kept.after(after).filter((kept): kept is TopicMessage<unknown> => kept.message !== undefined);
      subscriber.begin(after, replay);
    }
    this.#subscribers.add(subscriber);
    subscriber.onEnd = () => this.#subscribers.delete(subscriber);
    return subscriber;
  }

  close(): void {
    for (const subscriber of this.#subscribers) subscriber.end();
  }
}
