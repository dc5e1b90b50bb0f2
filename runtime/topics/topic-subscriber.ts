import type { TopicMessage, TopicSubscription } from "../declarations/markers.js";
import { MissedMessages } from "./missed-messages.js";
import { SUBSCRIBER_QUEUE } from "./topic-limits.js";

// One subscription of a topic, as a hub hands it messages (docs/guide/topics.md,
// "Subscribing"): placed once its start is known (`begin`, with the kept
// messages after `after` to replay), then given each new message as the hub
// reads it (`push`), in id order, none twice. What it holds waits for its
// loop to take it, and no more than SUBSCRIBER_QUEUE of it: past that the
// subscription ends with MissedMessages instead of growing, and a client
// that subscribes again after its last id catches up from the window.

export class TopicSubscriber<T> implements TopicSubscription<T>, AsyncIterator<TopicMessage<T>> {
  readonly #topic: string;
  /** The id of the last message queued or taken: nothing at or before it is queued again. Undefined until placed. */
  #position: bigint | undefined;
  /** The id of the last message the loop took, which MissedMessages names. */
  #taken: bigint | undefined;
  /** New messages that came before the subscription was placed. */
  #early: TopicMessage<T>[] = [];
  #replay: readonly TopicMessage<T>[] = [];
  #replayed = 0;
  #queue: TopicMessage<T>[] = [];
  /** Set once ended: undefined error for a plain end (the signal, the loop's return, the app's close). */
  #end: { readonly error?: unknown } | undefined;
  #wake: (() => void) | undefined;
  readonly #ready: Promise<void>;
  #placed!: () => void;
  #refused!: (error: unknown) => void;
  readonly #signal: AbortSignal | undefined;
  readonly #onAbort = () => this.end();
  /** Called once when it ends, so that the hub lets go of it. */
  onEnd: () => void = () => {};

  constructor(topic: string, signal: AbortSignal | undefined) {
    this.#topic = topic;
    this.#ready = new Promise<void>((resolve, reject) => {
      this.#placed = resolve;
      this.#refused = reject;
    });
    // Whoever never asks still gets the refusal from next(); unasked, it must not be an unhandled rejection.
    this.#ready.catch(() => {});
    this.#signal = signal;
    if (signal?.aborted) this.end();
    else signal?.addEventListener("abort", this.#onAbort, { once: true });
  }

  get ended(): boolean {
    return this.#end !== undefined;
  }

  /** Places it after `after`: `replay` (the kept messages after it, in order) first, then what came meanwhile. */
  begin(after: bigint, replay: readonly TopicMessage<T>[] = []): void {
    if (this.#end) return;
    this.#position = after;
    this.#taken = after;
    this.#replay = replay;
    if (replay.length > 0) this.#position = replay[replay.length - 1]!.id;
    const early = this.#early;
    this.#early = [];
    for (const message of early) this.push(message);
    this.#placed();
    this.#wake?.();
  }

  /** Ends it before it is placed: `after` is outside the window, or Redis failed. */
  refuse(error: unknown): void {
    if (this.#end) return;
    this.#refused(error);
    this.end(error);
  }

  /** A new message, as the hub reads it. */
  push(message: TopicMessage<T>): void {
    if (this.#end) return;
    if (this.#position === undefined) {
      this.#early.push(message);
      if (this.#early.length > SUBSCRIBER_QUEUE) this.refuse(this.#behind());
      return;
    }
    if (message.id <= this.#position) return;
    this.#position = message.id;
    this.#queue.push(message);
    if (this.#queue.length > SUBSCRIBER_QUEUE) {
      this.end(this.#behind());
      return;
    }
    this.#wake?.();
  }

  /** Ends it: its loop takes what is queued, then stops (or throws `error`). */
  end(error?: unknown): void {
    if (this.#end) return;
    this.#end = error === undefined ? {} : { error };
    // Behind by too much: what it holds goes, as it would come again after its last id.
    if (error !== undefined) {
      this.#queue = [];
      this.#replay = [];
      this.#early = [];
    }
    this.#signal?.removeEventListener("abort", this.#onAbort);
    if (this.#position === undefined) this.#placed();
    this.onEnd();
    this.#wake?.();
  }

  ready(): Promise<void> {
    return this.#ready;
  }

  [Symbol.asyncIterator](): AsyncIterator<TopicMessage<T>> {
    return this;
  }

  async next(): Promise<IteratorResult<TopicMessage<T>>> {
    await this.#ready;
    for (;;) {
      const message = this.#replayed < this.#replay.length ? this.#replay[this.#replayed++] : this.#queue.shift();
      if (message !== undefined) {
        this.#taken = message.id;
        return { value: message, done: false };
      }
      if (this.#end) {
        if (this.#end.error !== undefined) throw this.#end.error;
        return { value: undefined, done: true };
      }
      await new Promise<void>((resolve) => {
        this.#wake = resolve;
      });
      this.#wake = undefined;
    }
  }

  /** A `break` out of `for await`, or a stream whose client left: the subscription ends. */
  async return(): Promise<IteratorResult<TopicMessage<T>>> {
    this.end();
    return { value: undefined, done: true };
  }

  #behind(): MissedMessages {
    const after = this.#taken ?? 0n;
    return new MissedMessages(
      this.#topic,
      after,
      `this subscriber fell more than ${SUBSCRIBER_QUEUE} messages behind`,
      `subscribe again after ${after} (an EventSource does so by itself with Last-Event-ID)`,
    );
  }
}
