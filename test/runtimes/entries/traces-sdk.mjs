// The OpenTelemetry SDK the tracing entries register before they create the
// example's app (docs/guide/logs-and-traces.md, "On Bun, Deno and Workers"):
// sdk-trace-base's provider with its spans kept in memory, the W3C
// propagator, and, where the runtime has AsyncLocalStorage (`contextManager`),
// the context manager. `withSpans` answers GET /__spans with the spans ended
// so far, so that the test reads what the runtime recorded.
import { context, propagation, trace } from "@opentelemetry/api";
import { W3CTraceContextPropagator } from "@opentelemetry/core";
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from "@opentelemetry/sdk-trace-base";

const spans = new InMemorySpanExporter();

export function registerSdk(contextManager) {
  if (contextManager) context.setGlobalContextManager(contextManager.enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  trace.setGlobalTracerProvider(new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(spans)] }));
}

export function withSpans(fetch) {
  return (request, ...rest) => {
    if (new URL(request.url).pathname !== "/__spans") return fetch(request, ...rest);
    const ended = spans.getFinishedSpans().map((span) => ({
      name: span.name,
      kind: span.kind,
      traceId: span.spanContext().traceId,
      spanId: span.spanContext().spanId,
      parentSpanId: span.parentSpanContext?.spanId,
      attributes: span.attributes,
    }));
    return Response.json(ended);
  };
}
