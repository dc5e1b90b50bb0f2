import type { OtelRegistration } from "../tracing/otel-global.js";

// The generated client carries the caller's trace on (docs/guide/logs-and-traces.md,
// "The client carries the trace on"): where an OpenTelemetry SDK has
// registered a propagator and a context manager, each call gets the headers
// the propagator writes for the active context (`traceparent`, and
// `tracestate` or `baggage` where there are some), so that the server's span is
// a child of the caller's. It imports nothing: it reads the API's global
// registration, as the server does (tracing/otel-global.ts), in as few bytes
// as a browser's bundle can hold.

/** Adds the active context's trace headers to `headers`, where an SDK registered what writes them; a header the caller gave keeps its value. */
export function setTraceHeaders(headers: Headers): void {
  const otel = (globalThis as Record<symbol, OtelRegistration | undefined>)[Symbol.for("opentelemetry.js.api.1")];
  if (otel?.context)
    otel.propagation?.inject(otel.context.active(), headers, {
      set: (carrier, name, value) => carrier.has(name) || carrier.set(name, value),
    });
}
