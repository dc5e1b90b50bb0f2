import type { RunningServer } from "honest/node";

// Traces and metrics over OTLP/HTTP when OTEL_EXPORTER_OTLP_ENDPOINT is set,
// the OpenTelemetry SDK's own setting (docs/guide/logs-and-traces.md,
// "Exporting from the example"): the Node SDK starts before createApp, which
// then sees its providers and records each request. Without the variable,
// nothing of the SDK is loaded: the imports are dynamic.

/** What stops the SDK, sending what it still holds. */
export interface Telemetry {
  shutdown(): Promise<void>;
}

/** Starts the SDK with the OTLP/HTTP exporters where OTEL_EXPORTER_OTLP_ENDPOINT says where to send; undefined otherwise. */
export async function startTelemetry(): Promise<Telemetry | undefined> {
  if (!process.env.OTEL_EXPORTER_OTLP_ENDPOINT) return undefined;
  const [{ NodeSDK }, { OTLPTraceExporter }, { OTLPMetricExporter }, { PeriodicExportingMetricReader }] = await Promise.all([
    import("@opentelemetry/sdk-node"),
    import("@opentelemetry/exporter-trace-otlp-http"),
    import("@opentelemetry/exporter-metrics-otlp-http"),
    import("@opentelemetry/sdk-metrics"),
  ]);
  const sdk = new NodeSDK({
    serviceName: process.env.OTEL_SERVICE_NAME ?? "honest-example",
    traceExporter: new OTLPTraceExporter(),
    metricReaders: [new PeriodicExportingMetricReader({ exporter: new OTLPMetricExporter() })],
  });
  sdk.start();
  return sdk;
}

/** On SIGINT or SIGTERM: the server's graceful close, then the SDK's, which sends the spans and metrics it still holds. */
export function closeOnSignals(server: RunningServer, telemetry: Telemetry): void {
  const stop = () => {
    void server
      .close()
      .finally(() => telemetry.shutdown())
      .finally(() => process.exit(0));
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
}
