import { expect } from "vitest";
import { type Compiled, compileFixture } from "./compile.js";

// An app of streamed routes (docs/guide/streams.md, "Streams"), compiled by
// the transformer into test/.out/<name>: items with i64s beyond 2^53 and
// undeclared properties, named events with ids from Last-Event-ID, a
// generator that waits on the request's signal, one that never ends, faults
// mid-stream, and an `Ndjson<T>`. `probe` (src/probe.ts) says what the
// generators did: how many items the endless one produced, when each `finally`
// ran. It runs on any runtime: nothing of Node's is imported.

export const streamController = `
import { Controller, Get, HttpError, StatusCode } from "honest";
import type { i64, Header, Ndjson, Path, Query, Sse, SseEvent } from "honest";
import type { Context } from "hono";
import { probe } from "./probe.js";

export interface Tick {
  n: i64;
  label: string;
}

export interface Bye {
  reason: string;
}

export type FeedEvent = SseEvent<Tick, "tick"> | SseEvent<Bye, "bye">;

/** Resolves when the client goes away, once \`probe\` records that \`route\` finished. */
async function finishOnLeaving(signal: AbortSignal, route: string): Promise<void> {
  await new Promise<void>((resolve) => signal.addEventListener("abort", () => resolve(), { once: true }));
  probe.finished.push({ route, at: Date.now() });
}

/** Ticks, events and lines, streamed. */
@Controller({ prefix: "/streams" })
export class StreamController {
  /** \`count\` ticks, from 2^53 + 1 up, each carrying a property its type does not declare. */
  @Get("/ticks")
  async *ticks({ count }: Query<{ count: number }>): Sse<Tick> {
    for (let i = 0; i < count; i++) {
      const tick = { n: 9007199254740993n + BigInt(i), label: \`#\${i}\`, secret: "never sent" };
      yield tick;
    }
  }

  /** Three ticks after the last one the client saw, then a goodbye. */
  @Get("/events")
  async *events({ "last-event-id": lastSeen }: Header<{ "last-event-id"?: i64 }>): Sse<FeedEvent> {
    const first = lastSeen === undefined ? 1n : lastSeen + 1n;
    for (let id = first; id < first + 3n; id++) yield { event: "tick", id, data: { n: id, label: "tick" } };
    yield { event: "bye", data: { reason: "that is all" } };
  }

  /** Nothing, until the client leaves. */
  @Get("/idle")
  async *idle(c: Context): Sse<Tick> {
    await finishOnLeaving(c.req.raw.signal, "idle");
  }

  /** Nothing, as newline-delimited JSON, until the client leaves. */
  @Get("/idle-lines")
  async *idleLines(c: Context): Ndjson<Tick> {
    await finishOnLeaving(c.req.raw.signal, "idle-lines");
  }

  /** Ticks of a kilobyte each, as fast as the client takes them, forever. */
  @Get("/endless")
  async *endless(): Sse<Tick> {
    const label = "x".repeat(1000);
    try {
      for (let n = 0n; ; n++) {
        probe.produced++;
        yield { n, label };
      }
    } finally {
      probe.finished.push({ route: "endless", at: Date.now() });
    }
  }

  /** The same, as newline-delimited JSON. */
  @Get("/lines")
  async *lines({ count }: Query<{ count: number }>): Ndjson<Tick> {
    for (let i = 0; i < count; i++) yield { n: 9007199254740993n + BigInt(i), label: \`#\${i}\`, secret: "never sent" } as Tick;
  }

  /** One tick, then \`fault\`: an Error, an HttpError, or an event name that would start a field of its own. */
  @Get("/faults/{fault}")
  async *faults(fault: Path<"error" | "gone" | "name">): Sse<SseEvent<Tick>> {
    yield { data: { n: 1n, label: "before" } };
    if (fault === "error") throw new Error("the feed broke");
    if (fault === "gone") throw new HttpError(StatusCode.GONE, "the feed was closed");
    yield { event: "tick\\ndata: injected", data: { n: 2n, label: "after" } };
  }

  /** The same fault, as the last line of newline-delimited JSON. */
  @Get("/line-fault")
  async *lineFault(): Ndjson<Tick> {
    yield { n: 1n, label: "before" };
    throw new Error("the feed broke");
  }

  /** Checks before the stream starts, so a missing feed is a 404 problem rather than an error event. */
  @Get("/feeds/{id}")
  async feed(id: Path<i64>): Promise<Sse<Tick>> {
    if (id !== 1n) throw new HttpError(StatusCode.NOT_FOUND, \`feed \${id} not found\`);
    return this.ticks({ count: 2 });
  }
}
`;

export const streamProbe = `
/** What the stream fixture's generators did, for tests to read. */
export const probe = { produced: 0, finished: [] as { route: string; at: number }[] };
`;

export const healthController = `
import { Controller, Get } from "honest";
import type { Json } from "honest";
import { probe } from "./probe.js";

/** Whether the server answers, and, for a test in another process, what the generators did. */
@Controller()
export class HealthController {
  @Get("/health")
  async health(): Promise<Json<{ status: string }>> {
    return { status: "ok" };
  }

  @Get("/probe")
  async probe(): Promise<Json<{ produced: number; finished: { route: string; at: number }[] }>> {
    return probe;
  }
}
`;

/**
 * A stream whose generator reads a per-request component (docs/guide/request-scope.md, "Streams and sockets"), for
 * the runtime matrix only: on each runtime the request scope travels through the generator's awaits in
 * AsyncLocalStorage ("On each runtime"), one instance serves the stream's items, and it is closed when the stream
 * ends. GET /scoped/ends says how each one heard it ended.
 */
export const scopedStreamController = `
import { Controller, Get, PerRequest } from "honest";
import type { Current, Json, Sse } from "honest";

const ends: string[] = [];

@PerRequest()
export class StreamWork {
  static built = 0;
  readonly id = ++StreamWork.built;
  close(end: { outcome: string; status?: number }) {
    ends.push(\`\${this.id} \${end.outcome} \${end.status ?? ""}\`.trim());
  }
}

@Controller({ prefix: "/scoped" })
export class ScopedStreamController {
  declare readonly work: Current<StreamWork>;

  @Get("/feed")
  async *feed(): Sse<number> {
    for (let n = 0; n < 3; n++) {
      await new Promise((resolve) => setTimeout(resolve, 1));
      yield this.work.id;
    }
  }

  @Get("/ends")
  async ends(): Promise<Json<string[]>> {
    return ends;
  }
}
`;

export const streamApp = `
import { createApp, type AppOptions } from "honest";

export const createStreamApp = (options: Omit<AppOptions, "controllers"> = {}) => createApp({ log: false, ...options });
`;

export interface StreamFixture {
  createStreamApp(options?: object): { fetch(request: Request): Response | Promise<Response> };
  probe: { produced: number; finished: { route: string; at: number }[] };
}

/** The fixture compiled into test/.out/`name` (with the per-request stream where `requestScope`); `load()` imports its app and probe. */
export function compileStreamFixture(
  name: string,
  { requestScope = false }: { readonly requestScope?: boolean } = {},
): Compiled & { loadFixture(): Promise<StreamFixture> } {
  const compiled = compileFixture(name, {
    "src/stream.controller.ts": streamController,
    "src/probe.ts": streamProbe,
    "src/health.controller.ts": healthController,
    "src/app.ts": streamApp,
    ...(requestScope ? { "src/scoped.controller.ts": scopedStreamController } : {}),
  });
  return {
    ...compiled,
    async loadFixture() {
      const { createStreamApp } = await compiled.load<Pick<StreamFixture, "createStreamApp">>("src/app.ts");
      const { probe } = await compiled.load<Pick<StreamFixture, "probe">>("src/probe.ts");
      return { createStreamApp, probe };
    },
  };
}

/** The fixture compiled into test/.out/`name`, checked to build without a diagnostic, and loaded. */
export function loadStreamFixture(name: string): Promise<StreamFixture> {
  const compiled = compileStreamFixture(name);
  expect(compiled.diagnostics).toEqual([]);
  return compiled.loadFixture();
}
