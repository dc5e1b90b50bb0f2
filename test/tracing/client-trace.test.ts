import { trace } from "@opentelemetry/api";
import type { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeApp } from "honest";
import { createClient } from "../../example/client/api.js";
import { exampleApp } from "../support/example.js";
import { type RegisteredSdk, registerSdk } from "../support/otel-sdk.js";

// docs/guide/logs-and-traces.md, "The client carries the trace on": the
// example's generated client, called inside a span of the caller's, sends the
// `traceparent` the registered propagator writes for it, so that the app's
// span for the request is that span's child; outside any span it sends none.

let sdk: RegisteredSdk;
let app: Hono;
const sent: (string | null)[] = [];

beforeAll(async () => {
  sdk = registerSdk();
  app = await exampleApp();
}, 60_000);

afterAll(async () => {
  await closeApp(app);
  await sdk.unregister();
});

function client() {
  return createClient({
    fetch: (request: Request) => {
      sent.push(request.headers.get("traceparent"));
      return app.request(request);
    },
  });
}

describe("the generated client, with an SDK registered", () => {
  it("sends traceparent for the active span, which the app's span continues", async () => {
    const caller = trace.getTracer("caller");
    const callerSpan = await caller.startActiveSpan("checkout", async (span) => {
      const answer = await client().item.get({ id: 1n });
      expect(answer.status).toBe(200);
      span.end();
      return span;
    });
    const { traceId, spanId } = callerSpan.spanContext();
    expect(sent.at(-1)).toBe(`00-${traceId}-${spanId}-01`);
    const server = sdk.spans().find((span) => span.name === "GET /items/{id}")!;
    expect(server.spanContext().traceId).toBe(traceId);
    expect(server.parentSpanContext?.spanId).toBe(spanId);
  });

  it("sends none outside any span", async () => {
    expect((await client().item.get({ id: 1n })).status).toBe(200);
    expect(sent.at(-1)).toBeNull();
  });
});
