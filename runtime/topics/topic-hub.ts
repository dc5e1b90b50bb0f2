import type { SubscribeOptions } from "../declarations/markers.js";
import type { TopicReader } from "./topic-codec.js";
import type { TopicSubscriber } from "./topic-subscriber.js";

// Where an app's topics live (docs/guide/topics.md, "In this process or through
// Redis"): in this process (memory-topic-hub.ts), or in a Redis server its
// instances share (redis-topic-hub.ts). Each gives a topic's messages ids
// 1, 2, 3…, keeps the last TOPIC_WINDOW of them, and hands each message, read
// once per instance, to that instance's subscribers.

export interface TopicHub {
  /** The topic named `name`, whose messages `read` reads: one per name, whoever asks. */
  topic(name: string, read: TopicReader): HubTopic;
  /** Ends every subscription and stops reading: the app is closing. */
  close(): Promise<void>;
}

export interface HubTopic {
  /** Keeps `text` as the topic's next message and hands it to the subscribers; resolves with its id. */
  publish(text: string): Promise<bigint>;
  /** A subscription, placed now or soon (TopicSubscriber's `begin`), or refused with MissedMessages. */
  subscribe(options: SubscribeOptions): TopicSubscriber<unknown>;
}
