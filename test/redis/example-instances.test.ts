import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ExampleFleet, startExampleFleet } from "../support/example-instances.js";
import { startSlowRequest } from "../support/http.js";
import { openStream } from "../support/open-stream.js";
import { openSocket } from "../support/socket-client.js";

// The example run as a team runs it: several real processes behind one
// address, on one PostgreSQL and one Redis (docs/guide/several-instances.md,
// "Several instances"). What one instance's client does reaches the clients
// of the others: the live feed, the chat; and a client whose instance dies
// reconnects to another with Last-Event-ID and misses nothing.

interface FeedEvent {
  readonly id: string;
  readonly event: string;
  readonly data: { readonly id: number; readonly name?: string };
}

/** The events of an SSE text, comments (heartbeats) left out. */
function eventsOf(text: string): FeedEvent[] {
  return text
    .split("\n\n")
    .filter((block) => /^(id|event|data):/m.test(block))
    .map((block) => {
      const field = (name: string) => new RegExp(`^${name}: ?(.*)$`, "m").exec(block)?.[1] ?? "";
      return { id: field("id"), event: field("event"), data: JSON.parse(field("data")) };
    });
}

async function createItem(base: string, name: string): Promise<number> {
  const response = await fetch(`${base}/items`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ name, price: 1 }),
  });
  expect(response.status).toBe(201);
  return Number(response.headers.get("location")!.split("/").pop());
}

let fleet: ExampleFleet;
beforeAll(async () => {
  fleet = await startExampleFleet(2);
}, 120_000);
afterAll(() => fleet?.stop());

describe("two instances of the example on one Redis", () => {
  it("a client of B's live feed sees a change made through A within a second", async () => {
    const [a, b] = fleet.instances;
    const feed = await openStream(b!.base, "/items/changes");
    try {
      expect(feed.response.statusCode).toBe(200);
      const made = Date.now();
      const id = await createItem(a!.base, "made on A");
      await feed.until((text) => eventsOf(text).some((event) => event.data.id === id));
      expect(Date.now() - made).toBeLessThan(1_000);
      expect(eventsOf(feed.text()).find((event) => event.data.id === id)).toMatchObject({ event: "created", data: { name: "made on A" } });
    } finally {
      feed.leave();
    }
  });

  it("a chat post on A reaches B's room, with one id for everyone", async () => {
    const [a, b] = fleet.instances;
    const onA = await openSocket(`${a!.base.replace("http", "ws")}/chat`, { authorization: "Bearer ada-token" });
    const onB = await openSocket(`${b!.base.replace("http", "ws")}/chat`, { authorization: "Bearer grace-token" });
    try {
      onA.send(JSON.stringify({ text: "hello from A" }));
      const [seenOnA, seenOnB] = await Promise.all([onA.next(), onB.next()]);
      expect(JSON.parse(seenOnB)).toMatchObject({ from: "ada", text: "hello from A" });
      // The same post, id and all, as the author's own instance sent it (an id past 2^53, exact in the text).
      expect(seenOnB).toBe(seenOnA);
    } finally {
      onA.ws.close();
      onB.ws.close();
    }
  });

  it("a client whose instance is killed mid-stream reconnects to another with Last-Event-ID and misses nothing", async () => {
    const doomed = await fleet.start("C");
    const [a] = fleet.instances;
    const feed = await openStream(doomed.base, "/items/changes");
    const before = await createItem(a!.base, "before the crash");
    await feed.until((text) => eventsOf(text).some((event) => event.data.id === before));
    const lastSeen = eventsOf(feed.text()).at(-1)!.id;
    doomed.node.child.kill("SIGKILL");
    await doomed.node.exited;
    feed.leave();
    // While the client is away, changes go on through the other instance.
    const missed: number[] = [];
    for (let i = 0; i < 5; i++) missed.push(await createItem(a!.base, `while away ${i}`));
    const resumed = await openStream(fleet.instances[1]!.base, "/items/changes", { "last-event-id": lastSeen });
    try {
      await resumed.until((text) => eventsOf(text).some((event) => event.data.id === missed.at(-1)));
      const events = eventsOf(resumed.text());
      expect(events.map((event) => event.data.id)).toEqual(missed);
      // Ids carry on from the one the client last saw, on whichever instance sends them.
      expect(events.map((event) => BigInt(event.id))).toEqual(missed.map((_, i) => BigInt(lastSeen) + BigInt(i) + 1n));
    } finally {
      resumed.leave();
    }
  });

  it("three instances run the stock count once per tick between them", async () => {
    const third = await fleet.start("D");
    const live = [fleet.instances[0]!, fleet.instances[1]!, third];
    const from = Date.now();
    await new Promise((resolve) => setTimeout(resolve, 9_000));
    const until = Date.now() - 2_000; // a tick this recent may still be being counted
    const snapshots = (await (await fetch(`${live[0]!.base}/stock`)).json()) as { tick: string; instance: string }[];
    const ticks = snapshots.map((snapshot) => Date.parse(snapshot.tick)).filter((tick) => tick >= from && tick < until);
    // Each tick counted by exactly one instance, and none missed: every 2 s in the window, once.
    const expected = [];
    for (let tick = Math.ceil(from / 2_000) * 2_000; tick < until; tick += 2_000) expected.push(tick);
    expect([...ticks].sort((a, b) => a - b)).toEqual(expected);
    expect(expected.length).toBeGreaterThanOrEqual(3);
  });

  it("holds POST /items/bulk to 5 a minute per client address across two instances, exactly, under concurrent load", async () => {
    const [a, b] = fleet.instances;
    const answers = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        fetch(`${(i % 2 === 0 ? a : b)!.base}/items/bulk`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify([{ name: `bulk ${i}`, price: 1 }]),
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(19);
    const refused = answers.find((answer) => answer.status === 429)!;
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(refused.headers.get("ratelimit-policy")).toBe('"default";q=5;w=60');
    expect(refused.headers.get("ratelimit")).toMatch(/^"default";r=0;t=\d+$/);
  });

  it("answers readiness 503 through a SIGTERM's drain while an in-flight request finishes, then exits 0", async () => {
    const draining = await fleet.start("E", { SHUTDOWN_DRAIN_MS: "1500" });
    expect((await fetch(`${draining.base}/readyz`)).status).toBe(200);
    const slow = await startSlowRequest(draining.port, "POST", "/items", '{"name":"in flight",');
    await new Promise((resolve) => setTimeout(resolve, 100));
    draining.node.child.kill("SIGTERM");
    await new Promise((resolve) => setTimeout(resolve, 100));
    const ready = await fetch(`${draining.base}/readyz`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({ status: "stopping" });
    // Still serving through the drain: the load balancer is told, and nothing is cut off meanwhile.
    expect((await fetch(`${draining.base}/livez`)).status).toBe(200);
    const finished = await slow.finish('"price":1}');
    expect(finished.status).toBe(201);
    expect(await draining.node.exited).toEqual({ code: 0, signal: null });
  });
});
