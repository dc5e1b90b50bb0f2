// How much of a topic honest keeps (docs/guide/topics.md, "The window and MissedMessages").

/** The last messages of each topic kept for subscribers that come with `after`: in this process, or in Redis's stream (trimmed with `MAXLEN ~`, so a few more). */
export const TOPIC_WINDOW = 1000;

/**
 * The messages a subscriber may have waiting, not yet taken by its loop, before honest ends it with MissedMessages
 * rather than let its queue grow: fewer than the window, so that subscribing again after its last id still resumes.
 */
export const SUBSCRIBER_QUEUE = 500;
