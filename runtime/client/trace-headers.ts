import { otelRegistration } from "../tracing/otel-global.js";

// The generated client carries the caller's trace on (docs/guide/logs-and-traces.md,
// "The client carries the trace on"): where an OpenTelemetry SDK has
// registered a propagator and a context manager, each call gets the headers
// the propagator writes for the active context (`traceparent`, and
// `tracestate` or `baggage` where there are some), so that the server's span is
// a child of the caller's. It imports nothing: it reads the API's global
// registration, as the server does (tracing/otel-global.ts).

const HEADER_SETTER = {
  set: (headers: Headers, name: string, value: string) => {
    // Headers the caller gave keep their value.
    if (!headers.has(name)) headers.set(name, value);
  },
};

/** Adds the active context's trace headers to `headers`, where an SDK registered what writes them. */
export function setTraceHeaders(headers: Headers): void {
  const registered = otelRegistration();
  const propagator = registered?.propagation;
  const contexts = registered?.context;
  if (propagator === undefined || contexts === undefined) return;
  propagator.inject(contexts.active(), headers, HEADER_SETTER);
}
