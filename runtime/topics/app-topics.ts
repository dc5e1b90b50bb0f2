import type { RedisLink } from "../redis/redis-link.js";
import { MemoryTopicHub } from "./memory-topic-hub.js";
import { RedisTopicHub } from "./redis-topic-hub.js";
import { type TopicCodec, topicReader } from "./topic-codec.js";
import type { HubTopic, TopicHub } from "./topic-hub.js";
import { TopicChannel } from "./topic-channel.js";
import { type AppLog, textLog } from "../telemetry/app-log.js";

// An app's topics (docs/guide/topics.md, "In this process or through Redis"):
// through Redis once createApp has found the app a link (`useRedis`), else in
// this process; closed when the app closes, after its components and before
// its Redis link.

export class AppTopics {
  #hub: TopicHub | undefined;
  #redis: RedisLink | undefined;
  readonly #topics = new Map<string, HubTopic>();
  #closed = false;

  /** Where a message no subscriber can read is logged. */
  constructor(readonly log: AppLog = textLog()) {}

  /** What the injector puts in a `Topic<T>` field. */
  channel(name: string, codec: TopicCodec): TopicChannel<unknown> {
    return new TopicChannel((topic, of) => this.topic(topic, of), name, codec);
  }

  /** Called by createApp once it knows the app's Redis link, before any topic is used. */
  useRedis(link: RedisLink): void {
    this.#redis = link;
  }

  /** The hub's topic of `name`, read by `codec`'s first reader (a name carries one type: the compiler checks). */
  topic(name: string, codec: TopicCodec): HubTopic {
    if (this.#closed) throw new Error(`honest: topic ${name} is used after the app has closed`);
    let topic = this.#topics.get(name);
    if (topic) return topic;
    this.#hub ??= this.#redis ? new RedisTopicHub(this.#redis) : new MemoryTopicHub();
    topic = this.#hub.topic(name, topicReader(name, codec, this.log));
    this.#topics.set(name, topic);
    return topic;
  }

  /** Ends every subscription and stops every reader. */
  async close(): Promise<void> {
    this.#closed = true;
    await this.#hub?.close();
  }
}

const appTopics = new WeakMap<object, AppTopics>();

export function rememberTopics(app: object, topics: AppTopics): void {
  appTopics.set(app, topics);
}

export function topicsOf(app: object): AppTopics | undefined {
  return appTopics.get(app);
}
