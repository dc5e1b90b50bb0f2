import { appReady, closeApp, componentOf, MissedMessages } from "honest";
import type { Hono } from "hono";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { problem } from "../support/problem.js";
import { startRedisServer, type RedisServer } from "../support/redis-server.js";
import { change, readEvents, received, take, type TopicFixture, topicFixture } from "../support/topic-fixture.js";

// docs/guide/topics.md, "In this process or through Redis": two apps in one
// process, each an instance given the same Redis server, share their topics.
// A message published on A reaches B's subscriber; B resumes after an id that
// A gave; a resume older than the stream keeps is MissedMessages; a bad entry
// written by hand is logged and skipped; each instance reads each topic with
// one connection, closed with the app.

let server: RedisServer;
let fixture: TopicFixture;
let admin: import("ioredis").Redis;
beforeAll(async () => {
  server = await startRedisServer();
  fixture = await topicFixture("topics-redis");
  const { Redis } = await import("ioredis");
  admin = new Redis(server.url);
});
afterAll(async () => {
  admin.disconnect();
  await server.stop();
});
afterEach(async () => {
  vi.restoreAllMocks();
  await admin.call("FLUSHALL");
});

async function instance(): Promise<{ app: Hono; feed: InstanceType<TopicFixture["Feed"]> }> {
  const app = fixture.makeApp({ redis: server.url });
  await appReady(app);
  return { app, feed: componentOf(app, fixture.Feed) };
}

/** The names of honest's connections to the server. */
async function connections(): Promise<string[]> {
  const list = (await admin.call("CLIENT", "LIST")) as string;
  return list
    .split("\n")
    .map((line) => /name=(\S*)/.exec(line)?.[1] ?? "")
    .filter((name) => name.startsWith("honest-"))
    .sort();
}

describe("a topic through Redis", () => {
  it("delivers a message published on one instance to the subscribers of both, exactly, ids counted in Redis", async () => {
    const a = await instance();
    const b = await instance();
    const onA = a.feed.changes.subscribe();
    const onB = b.feed.changes.subscribe();
    await Promise.all([onA.ready(), onB.ready()]);
    expect(await a.feed.changes.publish(change(1))).toBe(1n);
    expect(await b.feed.changes.publish(change(2))).toBe(2n);
    const expected = [1, 2].map((n) => ({ id: BigInt(n), message: received(n) }));
    expect(await take(onA[Symbol.asyncIterator](), 2)).toEqual(expected);
    expect(await take(onB[Symbol.asyncIterator](), 2)).toEqual(expected);
    // The stream and its counter, as the guide names them.
    expect(await admin.call("GET", "honest:topic:Feed.changes:last")).toBe("2");
    expect(await admin.call("XLEN", "honest:topic:Feed.changes")).toBe(2);
    await closeApp(a.app);
    await closeApp(b.app);
  });

  it("reads each topic with one connection per instance however many subscribe, and closes it with the app", async () => {
    const a = await instance();
    const subscriptions = Array.from({ length: 50 }, () => a.feed.changes.subscribe());
    await Promise.all(subscriptions.map((subscription) => subscription.ready()));
    const shared = a.feed.shared.subscribe();
    await shared.ready();
    expect(await connections()).toEqual(["honest-commands", "honest-topic-Feed.changes", "honest-topic-shared"]);
    await a.feed.changes.publish(change(1));
    for (const subscription of subscriptions) expect((await take(subscription[Symbol.asyncIterator](), 1))[0]!.id).toBe(1n);
    const waiting = shared[Symbol.asyncIterator]().next();
    await closeApp(a.app);
    // Closing ends the subscriptions and stops the reading before the link closes.
    expect(await waiting).toEqual({ value: undefined, done: true });
    expect(await connections()).toEqual([]);
  });

  it("resumes on B after an id A gave, through GET /changes's Last-Event-ID, and answers 410 past the window", async () => {
    const a = await instance();
    const b = await instance();
    for (const n of [1, 2, 3]) await a.feed.changes.publish(change(n));
    const stream = await b.app.request("/changes", { headers: { "last-event-id": "1" } });
    expect(stream.status).toBe(200);
    const text = readEvents(stream, (arrived) => arrived.includes("id: 4\n"));
    // Published after B's stream started: it comes after the replay, once.
    await a.feed.changes.publish(change(4));
    expect((await text).match(/^id: \d+$/gm)).toEqual(["id: 2", "id: 3", "id: 4"]);
    expect(await text).toContain('data: {"id":9007199254740995,"at":"2026-01-01T00:00:02.000Z","name":"change 2","price":2}');
    const ahead = await b.app.request("/changes", { headers: { "last-event-id": "5" } });
    expect(ahead.status).toBe(410);
    expect(await ahead.json()).toEqual(
      problem(
        410,
        "Gone",
        "no message 5 has been published here (the feed is at 4): its numbering started again; reload, then subscribe again without Last-Event-ID",
      ),
    );
    await closeApp(a.app);
    await closeApp(b.app);
  });

  it("keeps at least the last 1000 in the stream: an older `after` is MissedMessages, naming the oldest kept", async () => {
    const a = await instance();
    await Promise.all(Array.from({ length: 1500 }, (_, n) => a.feed.changes.publish(change(n))));
    const oldest = BigInt(
      ((await admin.call("XRANGE", "honest:topic:Feed.changes", "-", "+", "COUNT", 1)) as [string][])[0]![0].split("-")[0]!,
    );
    expect(oldest).toBeGreaterThan(1n);
    expect(oldest).toBeLessThanOrEqual(501n);
    const missed = a.feed.changes.subscribe({ after: oldest - 2n });
    await expect(missed.ready()).rejects.toBeInstanceOf(MissedMessages);
    await expect(missed.ready()).rejects.toMatchObject({
      status: 410,
      detail: `the messages after ${oldest - 2n} are no longer kept (the oldest kept is ${oldest}); reload, then subscribe again without Last-Event-ID`,
    });
    const resumed = a.feed.changes.subscribe({ after: 500n });
    await resumed.ready();
    expect((await take(resumed[Symbol.asyncIterator](), 1000)).map(({ id }) => id)).toEqual(
      Array.from({ length: 1000 }, (_, index) => BigInt(index + 501)),
    );
    await closeApp(a.app);
  });

  it("logs an entry its reader refuses, naming the topic and the id, delivers it to no one, and delivers the next", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const a = await instance();
    const b = await instance();
    const onB = b.feed.changes.subscribe();
    await onB.ready();
    // Written by hand, as the publish script would, with the next id: not a Change.
    const id = (await admin.call("INCR", "honest:topic:Feed.changes:last")) as number;
    await admin.call("XADD", "honest:topic:Feed.changes", `${id}-0`, "m", '{"id":"seven","name":"bad"}');
    expect(await a.feed.changes.publish(change(2))).toBe(2n);
    expect(await take(onB[Symbol.asyncIterator](), 1)).toEqual([{ id: 2n, message: received(2) }]);
    expect(errors.mock.calls).toEqual([
      [
        'honest: topic Feed.changes: message 1 is not what the topic carries, so no subscriber gets it: $.id: expected 64-bit integer, got "seven"; $.at: expected RFC 3339 date-time such as 2026-11-27T16:20:00Z, got missing; $.price: expected number, got missing',
      ],
    ]);
    await closeApp(a.app);
    await closeApp(b.app);
  });
});
