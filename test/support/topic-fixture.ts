import type { AppOptions } from "honest";
import type { Hono } from "hono";
import { expect } from "vitest";
import { compileFixture } from "./compile.js";

// A small app with topics, compiled by the real transformer (docs/guide/topics.md,
// "Topics"): Feed's `changes`, a topic of Change (an i64 beyond 2^53, a Date, a
// number), published through POST /changes and streamed by GET /changes, which
// resumes after a Last-Event-ID and answers 410 before its stream starts when it
// cannot; and Mirror, whose field names the topic "shared" as Feed's `shared` does.
// The in-process tests (test/compiler/topics.test.ts) and the Redis ones
// (test/redis/topics.test.ts) use the same app.

const sources = {
  "src/feed.ts": `
import type { Topic, i64 } from "honest";

export interface Change {
  id: i64;
  at: Date;
  name: string;
  price: number;
}

export class Feed {
  declare readonly changes: Topic<Change>;
  declare readonly shared: Topic<Change, "shared">;
}

/** Built by hand in a test and given as a provider: its field is still the app's topic. */
export class Mirror {
  declare readonly shared: Topic<Change, "shared">;
}
`,
  "src/feed.controller.ts": `
import { Controller, Get, Post } from "honest";
import type { Header, Inject, Json, Sse, SseEvent, TopicSubscription, i64 } from "honest";
import type { Context } from "hono";
import { type Change, Feed, Mirror } from "./feed.js";

@Controller()
export class FeedController {
  declare readonly feed: Inject<Feed>;
  declare readonly mirror: Inject<Mirror>;

  @Post("/changes")
  async publish(change: Json<Change>): Promise<Json<{ id: i64 }, 201>> {
    return { id: await this.feed.changes.publish(change) };
  }

  @Get("/changes")
  async changes({ "last-event-id": after }: Header<{ "last-event-id"?: i64 }>, c: Context): Promise<Sse<SseEvent<Change>>> {
    const subscription = this.feed.changes.subscribe({ after, signal: c.req.raw.signal });
    await subscription.ready();
    return events(subscription);
  }
}

async function* events(subscription: TopicSubscription<Change>): AsyncGenerator<SseEvent<Change>> {
  for await (const { id, message } of subscription) yield { id, data: message };
}
`,
  "src/app.ts": `
import { createApp, type AppOptions } from "honest";
export const makeApp = (options: Omit<AppOptions, "controllers"> = {}) => createApp({ log: false, ...options });
`,
};

export interface Change {
  id: bigint;
  at: Date;
  name: string;
  price: number;
}

export interface TopicLike<T> {
  publish(message: T): Promise<bigint>;
  subscribe(options?: { after?: bigint; signal?: AbortSignal }): AsyncIterable<{ id: bigint; message: T }> & { ready(): Promise<void> };
}

export interface TopicFixture {
  makeApp(options?: Omit<AppOptions, "controllers">): Hono;
  Feed: new () => { readonly changes: TopicLike<Change>; readonly shared: TopicLike<Change> };
  Mirror: new () => { readonly shared: TopicLike<Change> };
}

export async function topicFixture(name: string): Promise<TopicFixture> {
  const compiled = compileFixture(name, sources);
  expect(compiled.diagnostics).toEqual([]);
  const { makeApp } = await compiled.load<Pick<TopicFixture, "makeApp">>("src/app.ts");
  const { Feed, Mirror } = await compiled.load<Pick<TopicFixture, "Feed" | "Mirror">>("src/feed.ts");
  return { makeApp, Feed, Mirror };
}

/** A change whose every field a reader must keep: an i64 past 2^53, a Date, and a property Change does not declare. */
export function change(n: number): Change {
  return {
    id: 9007199254740993n + BigInt(n),
    at: new Date(Date.UTC(2026, 0, 1, 0, 0, n)),
    name: `change ${n}`,
    price: n,
    undeclared: true,
  } as Change;
}

/** What a subscriber gets of change(n): every declared field, exact, and nothing else. */
export function received(n: number): Change {
  const { undeclared: _, ...declared } = change(n) as Change & { undeclared: boolean };
  return declared;
}

/** The next `count` messages of a subscription. */
export async function take<T>(iterator: AsyncIterator<T>, count: number): Promise<T[]> {
  const taken: T[] = [];
  while (taken.length < count) {
    const next = await iterator.next();
    if (next.done) break;
    taken.push(next.value);
  }
  return taken;
}

/** Reads an event stream's text until `done` says it has enough, then cancels it. */
export async function readEvents(response: Response, done: (text: string) => boolean): Promise<string> {
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let text = "";
  try {
    while (!done(text)) {
      const { value, done: ended } = await reader.read();
      if (ended) break;
      text += value;
    }
  } finally {
    await reader.cancel();
  }
  return text;
}
