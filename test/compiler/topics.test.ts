import { appReady, closeApp, componentOf, MissedMessages } from "honest";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { problem } from "../support/problem.js";
import { change, readEvents, received, take, type TopicFixture, topicFixture } from "../support/topic-fixture.js";

// docs/guide/topics.md, "Topics": a Topic<T> field, filled by the injector,
// in this process (no Redis): each message written and read by the code
// generated for T, ids from 1, the last 1000 kept for a subscriber that
// comes with `after`, MissedMessages (410) when it cannot have them all,
// and a bound on what a subscriber may leave waiting.

let fixture: TopicFixture;
beforeAll(async () => {
  fixture = await topicFixture("topics-in-process");
});
afterEach(() => {
  vi.restoreAllMocks();
});

function feedOf(options: Parameters<TopicFixture["makeApp"]>[0] = {}) {
  const app = fixture.makeApp(options);
  return { app, feed: componentOf(app, fixture.Feed) };
}

describe("a topic in this process", () => {
  it("gives each subscriber every message published, as T: an i64 past 2^53 exact, a Date, undeclared properties dropped; ids 1, 2, 3", async () => {
    const { app, feed } = feedOf();
    const first = feed.changes.subscribe()[Symbol.asyncIterator]();
    const second = feed.changes.subscribe()[Symbol.asyncIterator]();
    expect([await feed.changes.publish(change(1)), await feed.changes.publish(change(2)), await feed.changes.publish(change(3))]).toEqual([
      1n,
      2n,
      3n,
    ]);
    const expected = [1, 2, 3].map((n) => ({ id: BigInt(n), message: received(n) }));
    expect(await take(first, 3)).toEqual(expected);
    expect(await take(second, 3)).toEqual(expected);
    const [message] = await take(feed.changes.subscribe({ after: 0n })[Symbol.asyncIterator](), 1);
    expect(message!.message.at).toBeInstanceOf(Date);
    expect(message!.message.id).toBe(9007199254740994n);
    await closeApp(app);
  });

  it("replays the kept messages after `after`, then the new ones, none twice", async () => {
    const { app, feed } = feedOf();
    for (let n = 1; n <= 4; n++) await feed.changes.publish(change(n));
    const subscription = feed.changes.subscribe({ after: 2n });
    await subscription.ready();
    const messages = subscription[Symbol.asyncIterator]();
    await feed.changes.publish(change(5));
    expect((await take(messages, 3)).map(({ id, message }) => [id, message.name])).toEqual([
      [3n, "change 3"],
      [4n, "change 4"],
      [5n, "change 5"],
    ]);
    // From now on: only what comes next.
    const later = feed.changes.subscribe()[Symbol.asyncIterator]();
    await feed.changes.publish(change(6));
    expect((await take(later, 1)).map(({ id }) => id)).toEqual([6n]);
    await closeApp(app);
  });

  it("keeps the last 1000: `after` the one before the oldest kept resumes, older is MissedMessages, a 410", async () => {
    const { app, feed } = feedOf();
    for (let n = 1; n <= 1005; n++) await feed.changes.publish(change(n));
    const resumed = feed.changes.subscribe({ after: 5n });
    await resumed.ready();
    expect((await take(resumed[Symbol.asyncIterator](), 1000)).map(({ id }) => id)).toEqual(
      Array.from({ length: 1000 }, (_, index) => BigInt(index + 6)),
    );
    const missed = feed.changes.subscribe({ after: 4n });
    await expect(missed.ready()).rejects.toBeInstanceOf(MissedMessages);
    await expect(missed.ready()).rejects.toMatchObject({
      status: 410,
      after: 4n,
      topic: "Feed.changes",
      detail: "the messages after 4 are no longer kept (the oldest kept is 6); reload, then subscribe again without Last-Event-ID",
    });
    // Iterating without asking ready() first meets the same refusal.
    await expect(missed[Symbol.asyncIterator]().next()).rejects.toBeInstanceOf(MissedMessages);
    await closeApp(app);
  });

  it("tells a subscriber whose `after` no message has reached that the numbering started again (a process restarted)", async () => {
    const { app, feed } = feedOf();
    await feed.changes.publish(change(1));
    await expect(feed.changes.subscribe({ after: 7n }).ready()).rejects.toMatchObject({
      status: 410,
      detail:
        "no message 7 has been published here (the feed is at 1): its numbering started again; reload, then subscribe again without Last-Event-ID",
    });
    await closeApp(app);
  });

  it("streams GET /changes after a Last-Event-ID, each event's id the message's, and answers 410 before the stream starts when it cannot resume", async () => {
    const { app } = feedOf();
    for (const n of [1, 2, 3]) {
      const answer = await app.request("/changes", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: json(change(n)),
      });
      expect(answer.status).toBe(201);
    }
    const stream = await app.request("/changes", { headers: { "last-event-id": "1" } });
    expect(stream.status).toBe(200);
    const text = await readEvents(stream, (arrived) => arrived.includes("id: 3\n"));
    expect(text).toBe(
      `id: 2\ndata: {"id":9007199254740995,"at":"2026-01-01T00:00:02.000Z","name":"change 2","price":2}\n\n` +
        `id: 3\ndata: {"id":9007199254740996,"at":"2026-01-01T00:00:03.000Z","name":"change 3","price":3}\n\n`,
    );
    const gone = await app.request("/changes", { headers: { "last-event-id": "9" } });
    expect(gone.status).toBe(410);
    expect(await gone.json()).toEqual(
      problem(
        410,
        "Gone",
        "no message 9 has been published here (the feed is at 3): its numbering started again; reload, then subscribe again without Last-Event-ID",
      ),
    );
    await closeApp(app);
  });

  it("logs a message its reader refuses, naming the topic and the id, and delivers it to no one; the next arrives", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const { app, feed } = feedOf();
    const messages = feed.changes.subscribe()[Symbol.asyncIterator]();
    // NaN is written as null (as JSON.stringify writes it), which is not a number.
    expect(await feed.changes.publish({ ...change(1), price: Number.NaN })).toBe(1n);
    expect(await feed.changes.publish(change(2))).toBe(2n);
    expect(await take(messages, 1)).toEqual([{ id: 2n, message: received(2) }]);
    expect(errors.mock.calls).toEqual([
      ["honest: topic Feed.changes: message 1 is not what the topic carries, so no subscriber gets it: $.price: expected number, got null"],
    ]);
    // A subscriber that comes later with `after` does not get it either.
    const replayed = feed.changes.subscribe({ after: 0n });
    expect((await take(replayed[Symbol.asyncIterator](), 1)).map(({ id }) => id)).toEqual([2n]);
    await closeApp(app);
  });

  it("ends a subscriber that leaves more than 500 messages waiting with MissedMessages naming the last id it took", async () => {
    const { app, feed } = feedOf();
    const messages = feed.changes.subscribe()[Symbol.asyncIterator]();
    await feed.changes.publish(change(0));
    expect((await take(messages, 1)).map(({ id }) => id)).toEqual([1n]);
    for (let n = 1; n <= 501; n++) await feed.changes.publish(change(n));
    await expect(messages.next()).rejects.toMatchObject({
      name: "MissedMessages",
      status: 410,
      after: 1n,
      detail:
        "this subscriber fell more than 500 messages behind; subscribe again after 1 (an EventSource does so by itself with Last-Event-ID)",
    });
    // Which is what it does: the window still holds everything after 1.
    const again = feed.changes.subscribe({ after: 1n });
    expect(await take(again[Symbol.asyncIterator](), 501)).toHaveLength(501);
    await closeApp(app);
  });

  it("ends a subscription when its signal aborts, or its loop breaks; closing the app ends the rest, and refuses a publish after", async () => {
    const { app, feed } = feedOf();
    await appReady(app);
    const controller = new AbortController();
    const aborted = feed.changes.subscribe({ signal: controller.signal })[Symbol.asyncIterator]();
    const waiting = aborted.next();
    controller.abort();
    expect(await waiting).toEqual({ value: undefined, done: true });
    const alreadyAborted = feed.changes.subscribe({ signal: AbortSignal.abort() })[Symbol.asyncIterator]();
    expect(await alreadyAborted.next()).toEqual({ value: undefined, done: true });
    const open = feed.changes.subscribe()[Symbol.asyncIterator]();
    const pending = open.next();
    await closeApp(app);
    expect(await pending).toEqual({ value: undefined, done: true });
    await expect(feed.changes.publish(change(1))).rejects.toThrow("honest: topic Feed.changes is used after the app has closed");
  });

  it("is one topic for every field that names it, a provided instance's field included", async () => {
    const mirror = new fixture.Mirror();
    const { app, feed } = feedOf({ providers: [[fixture.Mirror, mirror]] });
    const heard = mirror.shared.subscribe()[Symbol.asyncIterator]();
    expect(await feed.shared.publish(change(1))).toBe(1n);
    expect(await take(heard, 1)).toEqual([{ id: 1n, message: received(1) }]);
    // Each app its own topics: another app's "shared" starts at 1.
    const other = feedOf();
    expect(await other.feed.shared.publish(change(2))).toBe(1n);
    await closeApp(app);
    await closeApp(other.app);
  });
});

/** JSON of a change with its i64 exact. */
function json(value: { id: bigint; at: Date; name: string; price: number }): string {
  return `{"id":${value.id},"at":"${value.at.toISOString()}","name":${JSON.stringify(value.name)},"price":${value.price}}`;
}
