import type { Histogram, Meter } from "@opentelemetry/api";

// `http.server.request.duration`, as OpenTelemetry's semantic conventions for
// HTTP servers define it: seconds, with the boundaries they advise
// (docs/guide/logs-and-traces.md, "Metrics").

export const DURATION_HISTOGRAM = "http.server.request.duration";

const BOUNDARIES = [0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.25, 0.5, 0.75, 1, 2.5, 5, 7.5, 10];

export function durationHistogram(meter: Meter): Histogram {
  return meter.createHistogram(DURATION_HISTOGRAM, {
    description: "Duration of HTTP server requests.",
    unit: "s",
    advice: { explicitBucketBoundaries: BOUNDARIES },
  });
}
