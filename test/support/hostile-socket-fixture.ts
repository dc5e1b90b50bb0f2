import { expect } from "vitest";
import { type Compiled, compileFixture } from "./compile.js";

// An app for the hostile tests of sockets and streams (docs/reference/limits.md,
// "WebSockets" and "Liveness"), compiled by the transformer into
// test/.out/<name>: items to read, write and delete; an endless live feed as
// `Sse<T>` and `Ndjson<T>`; sockets that echo, that flood their client
// without looking at its backlog, that pace themselves by `drained()`, a
// room that sends to every member whatever its backlog, and one whose handler waits for the
// test's word between messages. `probe` (src/probe.ts) says what the
// generators and handlers did.

export const hostileController = `
import { Controller, Delete, Get, HttpError, Post, Socket, StatusCode } from "honest";
import type { Connection, i64, Json, Ndjson, Path, Sse } from "honest";
import { probe } from "./probe.js";

export interface Item {
  id: i64;
  name: string;
}

export interface Tick {
  n: number;
  label: string;
}

export interface Note {
  text: string;
}

export interface Bulky {
  rows: { a: number }[];
}

/** Ticks of a kilobyte for ever, counted in the probe; its finally runs when the stream is closed. */
async function* endlessTicks(): AsyncGenerator<Tick> {
  probe.feedsStarted++;
  const label = "x".repeat(1000);
  try {
    for (let n = 0; ; n++) {
      probe.produced++;
      yield { n, label };
    }
  } finally {
    probe.feedsFinished++;
  }
}

/** Who is in the room. */
const members = new Set<Connection<Note, Note>>();

const items = new Map<bigint, Item>([[1n, { id: 1n, name: "first" }], [2n, { id: 2n, name: "second" }]]);

@Controller()
export class HostileController {
  @Get("/items")
  async list(): Promise<Json<Item[]>> {
    return [...items.values()];
  }

  @Get("/items/{id}")
  async get(id: Path<i64>): Promise<Json<Item>> {
    const item = items.get(id);
    if (!item) throw new HttpError(StatusCode.NOT_FOUND, \`item \${id} not found\`);
    return item;
  }

  @Post("/items")
  async create(body: Json<{ name: string }>): Promise<Json<Item, 201>> {
    const item = { id: BigInt(items.size + 100), name: body.name };
    items.set(item.id, item);
    return item;
  }

  @Delete("/items/{id}")
  async remove(id: Path<i64>): Promise<204> {
    if (!items.delete(id)) throw new HttpError(StatusCode.NOT_FOUND, \`item \${id} not found\`);
    return 204;
  }

  /** Ticks of a kilobyte as fast as the client takes them, for ever. */
  @Get("/feed")
  async *feed(): Sse<Tick> {
    yield* endlessTicks();
  }

  /** The same, as newline-delimited JSON. */
  @Get("/lines")
  async *lines(): Ndjson<Tick> {
    yield* endlessTicks();
  }

  @Get("/health")
  async health(): Promise<Json<{ status: string }>> {
    return { status: "ok" };
  }

  @Get("/probe")
  async readProbe(): Promise<Json<{ feedsStarted: number; feedsFinished: number; produced: number; sent: number; handled: number; waiting: boolean }>> {
    return { feedsStarted: probe.feedsStarted, feedsFinished: probe.feedsFinished, produced: probe.produced, sent: probe.sent, handled: probe.handled, waiting: probe.gate !== undefined };
  }

  /** Lets the slow socket's handler take its next message. */
  @Post("/probe/release")
  async release(): Promise<Json<{ released: boolean }>> {
    const gate = probe.gate;
    probe.gate = undefined;
    gate?.();
    return { released: gate !== undefined };
  }

  /** Sends back each note. */
  @Socket("/echo")
  async echo(connection: Connection<Note, Note>): Promise<void> {
    for await (const message of connection) connection.send(message);
  }

  /** Sends 10 kB notes until the connection closes, never looking at its backlog. */
  @Socket("/flood")
  async flood(connection: Connection<Note, Note>): Promise<void> {
    const text = "y".repeat(10_000);
    while (connection.send({ text })) {
      probe.sent++;
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  /** Sends 10 kB notes, waiting for the client to catch up whenever it is backed up. */
  @Socket("/paced")
  async paced(connection: Connection<Note, Note>): Promise<void> {
    const text = "z".repeat(10_000);
    for (;;) {
      if (connection.backedUp && !(await connection.drained())) return;
      if (!connection.send({ text })) return;
      probe.sent++;
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  /** Takes each message only when the test says so (POST /probe/release). */
  @Socket("/slow")
  async slow(connection: Connection<Bulky, Note>): Promise<void> {
    for await (const message of connection) {
      await new Promise<void>((resolve) => {
        probe.gate = resolve;
      });
      probe.handled++;
      connection.send({ text: String(message.rows.length) });
    }
  }

  /** A room that sends every note to every member, never looking at their backlog: honest closes one that does not read. */
  @Socket("/room")
  async room(connection: Connection<Note, Note>): Promise<void> {
    members.add(connection);
    try {
      for await (const message of connection) for (const member of members) member.send(message);
    } finally {
      members.delete(connection);
    }
  }

  /** Closes with the reason the client sends. */
  @Socket("/close-with")
  async closeWith(connection: Connection<Note, Note>): Promise<void> {
    for await (const message of connection) connection.close(4000, message.text);
  }
}
`;

export const hostileProbe = `
/** What the generators and handlers did, for tests to read. */
export const probe = { feedsStarted: 0, feedsFinished: 0, produced: 0, sent: 0, handled: 0, gate: undefined as (() => void) | undefined };
`;

export const hostileApp = `
import { createApp, type AppOptions } from "honest";

export const createHostileApp = (options: Omit<AppOptions, "controllers"> = {}) => createApp({ log: false, ...options });
`;

export interface HostileFixture {
  createHostileApp(options?: object): { fetch(request: Request, ...rest: unknown[]): Response | Promise<Response> };
}

/** The fixture compiled into test/.out/`name`. */
export function compileHostileFixture(name: string): Compiled & { loadFixture(): Promise<HostileFixture> } {
  const files = { "src/hostile.controller.ts": hostileController, "src/probe.ts": hostileProbe, "src/app.ts": hostileApp };
  const compiled = compileFixture(name, files);
  return { ...compiled, loadFixture: () => compiled.load<HostileFixture>("src/app.ts") };
}

/** The fixture compiled into test/.out/`name`, checked to build without a diagnostic, and loaded. */
export function loadHostileFixture(name: string): Promise<HostileFixture> {
  const compiled = compileHostileFixture(name);
  expect(compiled.diagnostics).toEqual([]);
  return compiled.loadFixture();
}
