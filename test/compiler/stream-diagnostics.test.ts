import { describe } from "vitest";
import { HonestCode } from "../support/honest-codes.js";
import { controllerDiagnostics, honestError as error, itReports } from "../support/controller-diagnostics.js";

// docs/guide/streams.md, "Streams": a stream's misuse is a build error at the
// annotation to change, saying what to write instead: a generator whose
// return type does not say how it streams, a stream among other answers, an
// item type that cannot travel as JSON, SseEvent items mixed with others or
// in newline-delimited JSON, a status set by hand, and Sse<T> as a parameter.

const diagnosticsOf = controllerDiagnostics({
  prefix: "stream-diagnostics",
  header: `import { Controller, Get } from "honest";
import type { Json, Ndjson, Sse, SseEvent } from "honest";
import type { Context } from "hono";
`,
});

describe("streamed return types", () => {
  itReports(diagnosticsOf, [
    {
      title: "are accepted as an async generator's, a method's that returns an AsyncIterable, or promised",
      name: "accepted",
      source: `
interface Tick { n: number }
type TickEvents = SseEvent<Tick, "tick"> | SseEvent<{ reason: string }, "bye">;
type Feed = Sse<Tick>;
declare const ticks: AsyncIterable<Tick>;
@Controller()
export class FeedController {
  @Get("/a") async *a(): Sse<Tick> { yield { n: 1 }; }
  @Get("/b") b(): Ndjson<Tick> { return ticks; }
  @Get("/c") async c(): Promise<Sse<TickEvents>> { return this.d(); }
  @Get("/d") async *d(): Sse<TickEvents> { yield { event: "bye", data: { reason: "done" } }; }
  @Get("/e") async *e(): Feed { yield { n: 1 }; }
}`,
      errors: [],
    },
    {
      title: "a generator that does not say how it streams, and a stream among other answers, are TS991007",
      name: "return-types",
      source: `
interface Tick { n: number }
@Controller()
export class FeedController {
  @Get("/a") async *a(): AsyncIterable<Tick> { yield { n: 1 }; }
  @Get("/b") async b(): Promise<Sse<Tick> | 204> { return 204; }
  @Get("/c") async *c(c: Context): Sse<Tick> { c.status(201); yield { n: 1 }; }
}`,
      errors: [
        error(
          8,
          HonestCode.ReturnType,
          "GET /a (FeedController.a): the handler is a generator, so it streams what it yields; say how: declare async *method(): Sse<T> for server-sent events or Ndjson<T> for newline-delimited JSON, T the type of each item, as in async *ticks(): Sse<Tick>.",
        ),
        error(
          9,
          HonestCode.ReturnType,
          "GET /b (FeedController.b): the handler returns Sse<Tick> among other answers, but a stream is the whole answer: declare it alone, as Sse<Tick> or Promise<Sse<Tick>>, and refuse a request before the stream starts by throwing HttpError from the method that returns it.",
        ),
        error(
          10,
          HonestCode.ReturnType,
          "GET /c (FeedController.c): the handler calls c.status(201), but its return type decides the status, so the call would be ignored; declare the status in the return type instead, as Promise<Json<T, 201>>, or return a StatusCode.",
        ),
      ],
    },
    {
      title: "SseEvent items mixed with others, or streamed as newline-delimited JSON, are TS991007",
      name: "events",
      source: `
interface Tick { n: number }
@Controller()
export class FeedController {
  @Get("/a") async *a(): Sse<SseEvent<Tick, "tick"> | Tick> { yield { n: 1 }; }
  @Get("/b") async *b(): Ndjson<SseEvent<Tick>> { yield { data: { n: 1 } }; }
}`,
      errors: [
        error(
          8,
          HonestCode.ReturnType,
          'GET /a (FeedController.a): Sse<SseEvent<Tick, "tick"> | Tick> mixes SseEvent items with others; make every item an SseEvent<Data, Name>, or none of them.',
        ),
        error(
          9,
          HonestCode.ReturnType,
          "GET /b (FeedController.b): Ndjson<SseEvent<Tick>> streams SseEvent items, which only Sse<T> sends as events; stream their data as Ndjson<Data>, or send events with Sse<SseEvent<Tick>>.",
        ),
      ],
    },
    {
      title: "an item, or an event's data, that cannot travel as JSON is TS991014 at the property to change",
      name: "json",
      source: `
interface Tick { at: Map<string, number> }
interface Alert { retry: () => void }
@Controller()
export class FeedController {
  @Get("/a") async *a(): Sse<Tick> {}
  @Get("/b") async *b(): Sse<SseEvent<Alert, "alert">> {}
}`,
      errors: [
        error(
          5,
          HonestCode.UnsupportedJsonType,
          "GET /a (FeedController.a): Sse<Tick> cannot be streamed: $.at is a Map, which JSON cannot carry; use Record<string, T> or an array of entries.",
        ),
        error(
          6,
          HonestCode.UnsupportedJsonType,
          "GET /b (FeedController.b): Sse<Alert> cannot be streamed: $.retry is a function (() => void), which cannot travel as JSON.",
        ),
      ],
    },
    {
      title: "Sse<T> as a parameter is TS991008, saying to declare it as the return type",
      name: "parameter",
      source: `
interface Tick { n: number }
@Controller()
export class FeedController {
  @Get("/a") async a(feed: Sse<Tick>): Promise<Json<string>> { return "x"; }
}`,
      errors: [
        error(
          8,
          HonestCode.UnsupportedParameter,
          "GET /a (FeedController.a): parameter 'feed' is typed Sse<Tick>, which says how a handler's answer streams; declare it as the return type instead, as in async *ticks(): Sse<Tick>.",
        ),
      ],
    },
  ]);
});
