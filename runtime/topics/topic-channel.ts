import type { i64, SubscribeOptions, Topic, TopicSubscription } from "../declarations/markers.js";
import type { TopicCodec } from "./topic-codec.js";
import type { HubTopic } from "./topic-hub.js";

// What a `Topic<T>` field holds (docs/guide/topics.md, "Topics"): the topic's
// name, the code generated for `T`, and the app's hub, asked for the topic on
// first use: the field is filled while the app is built, before createApp
// knows whether it has a Redis server.

export class TopicChannel<T> implements Topic<T> {
  readonly #find: (name: string, codec: TopicCodec) => HubTopic;
  readonly #codec: TopicCodec;

  constructor(
    /** The app's hub's topic of a name (app-topics.ts). */
    find: (name: string, codec: TopicCodec) => HubTopic,
    /** The topic's name: `Name` of `Topic<T, Name>`, or "Class.field". */
    readonly name: string,
    codec: TopicCodec,
  ) {
    this.#find = find;
    this.#codec = codec;
  }

  publish(message: T): Promise<i64> {
    try {
      return this.#hubTopic().publish(this.#codec.write(message));
    } catch (error) {
      return Promise.reject(error);
    }
  }

  subscribe(options: SubscribeOptions = {}): TopicSubscription<T> {
    return this.#hubTopic().subscribe(options) as TopicSubscription<T>;
  }

  /** Asked each time: a map's lookup, which also refuses once the app has closed. */
  #hubTopic(): HubTopic {
    return this.#find(this.name, this.#codec);
  }

  toString(): string {
    return `Topic(${this.name})`;
  }
}
