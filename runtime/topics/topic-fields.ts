import type { TopicCodec } from "./topic-codec.js";

// The `Topic<T>` fields of a class, recorded by the transformer: field name,
// the topic's name, and the writer and readers generated for `T`
// (docs/guide/topics.md, "Topics"). The injector fills them when it builds
// the class, after its Inject and Env fields.

export type TopicField = readonly [field: string, topic: string, codec: TopicCodec];

const topicFieldsKey = Symbol.for("honest.topics");

export function defineTopicFields(target: Function, fields: readonly TopicField[]): void {
  Object.defineProperty(target, topicFieldsKey, { value: fields });
}

/** The `Topic<T>` fields of `target` and of the classes it extends, base classes first. */
export function topicFieldsOf(target: Function): readonly TopicField[] {
  const own = Object.hasOwn(target, topicFieldsKey) ? (target as unknown as Record<symbol, readonly TopicField[]>)[topicFieldsKey]! : [];
  const base: unknown = Object.getPrototypeOf(target);
  return typeof base === "function" && base !== Function.prototype ? [...topicFieldsOf(base), ...own] : own;
}
