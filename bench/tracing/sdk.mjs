import { context, metrics, propagation, trace } from "@opentelemetry/api";
import { AsyncLocalStorageContextManager } from "@opentelemetry/context-async-hooks";
import { ExportResultCode, W3CTraceContextPropagator } from "@opentelemetry/core";
import { MeterProvider, PeriodicExportingMetricReader } from "@opentelemetry/sdk-metrics";
import { BasicTracerProvider, BatchSpanProcessor } from "@opentelemetry/sdk-trace-base";

// The SDK every traced server of the bench registers before it builds its app (docs/benchmarks.md, "Traces"): the
// Node SDK's pieces as an app's setup registers them, spans batched (BatchSpanProcessor's defaults) to an exporter
// that drops them, and a meter provider whose reader drops what it reads, so that the figures are the
// instrumentation's and the SDK's, not an exporter's or a network's.

const dropped = {
  export: (_items, done) => done({ code: ExportResultCode.SUCCESS }),
  shutdown: () => Promise.resolve(),
  forceFlush: () => Promise.resolve(),
};

export function registerSdk() {
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  trace.setGlobalTracerProvider(new BasicTracerProvider({ spanProcessors: [new BatchSpanProcessor(dropped)] }));
  metrics.setGlobalMeterProvider(
    new MeterProvider({ readers: [new PeriodicExportingMetricReader({ exporter: dropped, exportIntervalMillis: 1_000 })] }),
  );
}
