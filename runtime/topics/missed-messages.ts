import { HttpError } from "../errors/http-error.js";

// What a subscriber is told when it cannot have every message after the one
// it names (docs/guide/topics.md, "The window and MissedMessages"): rather
// than skip some without a word, the subscription throws. An HttpError, so an
// `Sse<T>` route that awaits `ready()` before its stream starts answers 410,
// and one that meets it mid-stream ends with an error event carrying it.

/** A subscription that cannot deliver every message after `after`: a 410 whose problem tells the client to reload. */
export class MissedMessages extends HttpError {
  /** The topic's name, for the server's logs (the problem document leaves it out). */
  readonly topic: string;
  /** The id of the last message the subscriber got (or named): subscribing again after it resumes, when it is still kept. */
  readonly after: bigint;

  constructor(topic: string, after: bigint, why: string, advice = "reload, then subscribe again without Last-Event-ID") {
    super(410, `${why}; ${advice}`);
    this.name = "MissedMessages";
    this.topic = topic;
    this.after = after;
  }
}

/** `after` names a message older than the kept window, or newer than any (the topic's numbering started again). */
export function outsideWindow(topic: string, after: bigint, last: bigint, oldest: bigint): MissedMessages {
  return new MissedMessages(
    topic,
    after,
    after > last
      ? `no message ${after} has been published here (the feed is at ${last}): its numbering started again`
      : `the messages after ${after} are no longer kept (the oldest kept is ${oldest})`,
  );
}
