import { classRecords } from "../compiled/class-records.js";
import type { TopicCodec } from "./topic-codec.js";

// The `Topic<T>` fields of a class, recorded by the transformer: field name,
// the topic's name, and the writer and readers generated for `T`
// (docs/guide/topics.md, "Topics"). The injector fills them when it builds
// the class, after its Inject and Env fields.

export type TopicField = readonly [field: string, topic: string, codec: TopicCodec];

const topicFields = classRecords<TopicField>("honest.topics");

export const defineTopicFields = topicFields.define;
/** The `Topic<T>` fields of `target` and of the classes it extends, base classes first. */
export const topicFieldsOf = topicFields.of;
