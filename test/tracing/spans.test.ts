import { SpanKind, SpanStatusCode } from "@opentelemetry/api";
import type { ReadableSpan } from "@opentelemetry/sdk-trace-base";
import type { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appReady, closeApp } from "honest";
import { compiledAppBuilder } from "../support/compiled-app.js";
import { type RegisteredSdk, registerSdk } from "../support/otel-sdk.js";

// docs/guide/logs-and-traces.md, "Traces" and "Metrics": an app created once
// an OpenTelemetry SDK is registered records a SERVER span per request, named
// by method and template, with the phases the generated handler marks as its
// children, a `traceparent` continued, a 500's error and exception, a
// stream's life until the stream ends, and the duration histogram by route;
// all through the real SDK (sdk-trace-base's in-memory exporter, sdk-metrics'
// in-memory metric exporter).

const FILES = {
  "src/caller.ts": `
    import type { Context } from "hono";
    export class Caller {
      async resolve(c: Context): Promise<string> { return c.req.header("x-user") ?? "anonymous"; }
    }
  `,
  "src/items.ts": `
    import { trace } from "@opentelemetry/api";
    import { Controller, Get, Post } from "honest";
    import type { From, Json, Path, Sse } from "honest";
    import { Caller } from "./caller.js";

    @Controller()
    export class ItemController {
      /** Answers with the span its own code runs in. */
      @Get("/items/{id}")
      async get(id: Path<number>, caller: From<Caller>): Promise<Json<{ id: number; caller: string; span: string }>> {
        return { id, caller, span: trace.getActiveSpan()?.spanContext().spanId ?? "none" };
      }

      /** @operationId createItem */
      @Post("/items")
      async create(body: Json<{ name: string }>): Promise<Json<{ name: string }, 201>> {
        return body;
      }

      @Get("/broken")
      async broken(): Promise<Json<{ ok: boolean }>> {
        throw new TypeError("the store is gone");
      }

      @Get("/ticks")
      async *ticks(): Sse<{ n: number }> {
        yield { n: 1 };
        await new Promise((resolve) => setTimeout(resolve, 50));
        yield { n: 2 };
      }
    }
  `,
};

let sdk: RegisteredSdk;
let app: Hono;
/** The same program, its app with middleware that sets the request id, as the app's request ids do. */
let withMiddleware: Hono;

beforeAll(async () => {
  const build = await compiledAppBuilder("tracing-spans", FILES);
  sdk = registerSdk();
  app = build({});
  withMiddleware = build({
    use: [
      async (c, next) => {
        c.set("requestId" as never, "req-7" as never);
        await next();
      },
    ],
  });
  await appReady(app);
  await appReady(withMiddleware);
}, 60_000);

afterAll(async () => {
  await closeApp(app);
  await closeApp(withMiddleware);
  await sdk.unregister();
});

/** The spans of the one trace a request started, found by its server span's name and path. */
function traceOf(name: string, path: string): { server: ReadableSpan; children: ReadableSpan[] } {
  const server = sdk.spans().find((span) => span.name === name && span.attributes["url.path"] === path);
  expect(server, `a span named ${name} for ${path}`).toBeDefined();
  const { traceId, spanId } = server!.spanContext();
  const children = sdk
    .spans()
    .filter((span) => span.spanContext().traceId === traceId && span.parentSpanContext?.spanId === spanId)
    .sort((a, b) => hrtimeMs(a.startTime) - hrtimeMs(b.startTime));
  return { server: server!, children };
}

function hrtimeMs([seconds, nanos]: readonly [number, number]): number {
  return seconds * 1000 + nanos / 1e6;
}

describe("a request's span", () => {
  it("is a SERVER span named by method and template, with the route's attributes and its phases as children", async () => {
    const response = await app.request("http://localhost/items/5?secret=hunter2", { headers: { "x-user": "ada" } });
    expect(response.status).toBe(200);
    const answered = (await response.json()) as { span: string };
    const { server, children } = traceOf("GET /items/{id}", "/items/5");
    expect(server.kind).toBe(SpanKind.SERVER);
    expect(server.instrumentationScope.name).toBe("honest");
    expect(server.attributes).toEqual({
      "http.request.method": "GET",
      "http.route": "/items/{id}",
      "url.path": "/items/5",
      "url.scheme": "http",
      "honest.operation_id": "ItemController_get",
      "http.response.status_code": 200,
      // The request's id, as its answer's X-Request-Id says it.
      "http.request.id": response.headers.get("x-request-id"),
    });
    expect(server.attributes["http.request.id"]).toMatch(/^[0-9a-f-]{36}$/);
    expect(server.status.code).toBe(SpanStatusCode.UNSET);
    expect(children.map((span) => span.name)).toEqual(["resolve Caller", "handler", "write answer"]);
    // The handler's own code runs in the request's span: what it starts is a child of it.
    expect(answered.span).toBe(server.spanContext().spanId);
    // Never the query string, a header or a body.
    expect(JSON.stringify(sdk.spans().map((span) => span.attributes))).not.toMatch(/hunter2|ada/);
  });

  it("marks reading and checking the body, and carries the document's operationId", async () => {
    const response = await app.request("/items", {
      method: "POST",
      body: '{"name":"lamp"}',
      headers: { "content-type": "application/json" },
    });
    expect(response.status).toBe(201);
    const { server, children } = traceOf("POST /items", "/items");
    expect(server.attributes["honest.operation_id"]).toBe("createItem");
    expect(server.attributes["http.response.status_code"]).toBe(201);
    expect(children.map((span) => span.name)).toEqual(["read body", "check body", "handler", "write answer"]);
    expect(JSON.stringify(server.attributes)).not.toContain("lamp");
  });

  it("continues the trace a traceparent header names", async () => {
    const traceId = "4bf92f3577b34da6a3ce929d0e0e4736";
    const parent = "00f067aa0ba902b7";
    await app.request("/items/6", { headers: { traceparent: `00-${traceId}-${parent}-01` } });
    const { server } = traceOf("GET /items/{id}", "/items/6");
    expect(server.spanContext().traceId).toBe(traceId);
    expect(server.parentSpanContext?.spanId).toBe(parent);
    expect(server.parentSpanContext?.isRemote).toBe(true);
  });

  it("of a 500 has the error status, error.type and the exception, and so has the phase that failed", async () => {
    const response = await app.request("/broken");
    expect(response.status).toBe(500);
    expect(await response.text()).not.toContain("the store is gone");
    const { server, children } = traceOf("GET /broken", "/broken");
    expect(server.status).toEqual({ code: SpanStatusCode.ERROR, message: "the store is gone" });
    expect(server.attributes["error.type"]).toBe("TypeError");
    expect(server.attributes["http.response.status_code"]).toBe(500);
    expect(
      server.events.map((event) => [event.name, event.attributes?.["exception.type"], event.attributes?.["exception.message"]]),
    ).toEqual([["exception", "TypeError", "the store is gone"]]);
    expect(children.map((span) => [span.name, span.status.code])).toEqual([["handler", SpanStatusCode.ERROR]]);
  });

  it("of a 500 behind middleware has the error too, and the request id the app set", async () => {
    expect((await withMiddleware.request("/broken")).status).toBe(500);
    const server = sdk
      .spans()
      .filter((span) => span.name === "GET /broken")
      .at(-1)!;
    expect(server.attributes["error.type"]).toBe("TypeError");
    expect(server.attributes["http.request.id"]).toBe("req-7");
    expect(server.events.map((event) => event.name)).toEqual(["exception"]);
  });

  it("of a 4xx refusal is not an error", async () => {
    const response = await app.request("/items", { method: "POST", body: "{}", headers: { "content-type": "application/json" } });
    expect(response.status).toBe(400);
    const server = sdk
      .spans()
      .filter((span) => span.name === "POST /items")
      .at(-1)!;
    expect(server.attributes["http.response.status_code"]).toBe(400);
    expect(server.status.code).toBe(SpanStatusCode.UNSET);
    expect(server.attributes["error.type"]).toBeUndefined();
  });

  it("of 404 and 405 answers has no route", async () => {
    expect((await app.request("/nowhere")).status).toBe(404);
    expect((await app.request("/broken", { method: "DELETE" })).status).toBe(405);
    const notFound = sdk.spans().find((span) => span.attributes["url.path"] === "/nowhere")!;
    expect(notFound.name).toBe("GET");
    expect(notFound.attributes["http.route"]).toBeUndefined();
    expect(notFound.attributes["http.response.status_code"]).toBe(404);
    const notAllowed = sdk.spans().find((span) => span.name === "DELETE")!;
    expect(notAllowed.attributes).toMatchObject({ "url.path": "/broken", "http.response.status_code": 405 });
    expect(notAllowed.attributes["http.route"]).toBeUndefined();
  });

  it("of a stream ends with its answer, and the stream's own span ends when the stream ends", async () => {
    const response = await app.request("/ticks");
    expect(response.status).toBe(200);
    const { server } = traceOf("GET /ticks", "/ticks");
    const streamSpan = () =>
      sdk.spans().find((span) => span.name === "stream" && span.parentSpanContext?.spanId === server.spanContext().spanId);
    expect(streamSpan()).toBeUndefined();
    expect(await response.text()).toBe('data: {"n":1}\n\ndata: {"n":2}\n\n');
    await expect.poll(streamSpan).toBeDefined();
    // It lasted as long as the stream, past the request's span.
    expect(hrtimeMs(streamSpan()!.endTime)).toBeGreaterThan(hrtimeMs(server.endTime) + 30);
  });
});

describe("the http.server.request.duration histogram", () => {
  it("has a data point per route and status, in seconds, with the conventions' boundaries", async () => {
    await app.request("/items/7");
    const [resource] = await sdk.collect();
    const metric = resource!.scopeMetrics
      .find((scope) => scope.scope.name === "honest")!
      .metrics.find((each) => each.descriptor.name === "http.server.request.duration")!;
    expect(metric.descriptor.unit).toBe("s");
    const points = metric.dataPoints as {
      attributes: Record<string, unknown>;
      value: { count: number; buckets: { boundaries: number[] } };
    }[];
    const point = (route: string | undefined, status: number) =>
      points.find((each) => each.attributes["http.route"] === route && each.attributes["http.response.status_code"] === status);
    expect(point("/items/{id}", 200)!.attributes).toEqual({
      "http.request.method": "GET",
      "url.scheme": "http",
      "http.route": "/items/{id}",
      "http.response.status_code": 200,
    });
    expect(point("/items/{id}", 200)!.value.count).toBeGreaterThanOrEqual(3);
    expect(point("/items/{id}", 200)!.value.buckets.boundaries).toEqual([
      0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.25, 0.5, 0.75, 1, 2.5, 5, 7.5, 10,
    ]);
    expect(point("/broken", 500)!.attributes["error.type"]).toBe("TypeError");
    expect(point(undefined, 404)!.attributes["http.request.method"]).toBe("GET");
  });
});
