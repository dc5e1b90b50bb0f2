import { context, metrics, propagation, trace } from "@opentelemetry/api";
import { AsyncLocalStorageContextManager } from "@opentelemetry/context-async-hooks";
import { W3CTraceContextPropagator } from "@opentelemetry/core";
import {
  AggregationTemporality,
  InMemoryMetricExporter,
  MeterProvider,
  PeriodicExportingMetricReader,
  type ResourceMetrics,
} from "@opentelemetry/sdk-metrics";
import { BasicTracerProvider, InMemorySpanExporter, type ReadableSpan, SimpleSpanProcessor } from "@opentelemetry/sdk-trace-base";

// The OpenTelemetry Node SDK's own pieces, registered globally as an app's
// setup registers them (docs/guide/logs-and-traces.md, "Traces"): a tracer
// provider whose spans go to memory, the W3C propagator, the AsyncLocalStorage
// context manager, and a meter provider read on demand. Registered before the
// app is created, which is when honest looks for them.

export interface RegisteredSdk {
  /** Every span ended so far. */
  spans(): ReadableSpan[];
  /** The metrics recorded so far, collected now. */
  collect(): Promise<ResourceMetrics[]>;
  /** Unregisters everything, so that a later app of the same file sees no SDK. */
  unregister(): Promise<void>;
}

export function registerSdk(): RegisteredSdk {
  const spans = new InMemorySpanExporter();
  const tracerProvider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(spans)] });
  const exporter = new InMemoryMetricExporter(AggregationTemporality.CUMULATIVE);
  const reader = new PeriodicExportingMetricReader({ exporter, exportIntervalMillis: 3_600_000 });
  const meterProvider = new MeterProvider({ readers: [reader] });
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  trace.setGlobalTracerProvider(tracerProvider);
  metrics.setGlobalMeterProvider(meterProvider);
  return {
    spans: () => spans.getFinishedSpans(),
    async collect() {
      await reader.forceFlush();
      return exporter.getMetrics();
    },
    async unregister() {
      await tracerProvider.shutdown();
      await meterProvider.shutdown();
      trace.disable();
      metrics.disable();
      propagation.disable();
      context.disable();
    },
  };
}
