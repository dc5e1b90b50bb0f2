// What an OpenTelemetry SDK leaves where honest can see it without importing
// anything: @opentelemetry/api keeps the providers an SDK registers on one
// global object, under a registered symbol that names the API's major
// version. honest reads it to decide whether to trace at all (createApp) and
// to send `traceparent` from the generated client (client/trace-headers.ts;
// docs/reference/choices.md, "Traces: only @opentelemetry/api").

const GLOBAL_KEY = Symbol.for("opentelemetry.js.api.1");

/** A text map propagator as the API registers it: `inject` is all the client calls. */
export interface RegisteredPropagator {
  inject<Carrier>(context: unknown, carrier: Carrier, setter: { set(carrier: Carrier, key: string, value: string): void }): void;
}

/** The API's global registration, as far as honest reads it. */
export interface OtelRegistration {
  /** The tracer provider an SDK registered. */
  readonly trace?: unknown;
  /** The meter provider an SDK registered. */
  readonly metrics?: unknown;
  readonly propagation?: RegisteredPropagator;
  /** The context manager, whose `active()` is the current context. */
  readonly context?: { active(): unknown };
}

/** The API's global registration, or undefined when nothing has registered anything. */
export function otelRegistration(): OtelRegistration | undefined {
  return (globalThis as Record<symbol, OtelRegistration | undefined>)[GLOBAL_KEY];
}

/** What an SDK registered that honest records: spans, the duration histogram, either, or neither. */
export interface RegisteredTelemetry {
  readonly traces: boolean;
  readonly metrics: boolean;
}

export function registeredTelemetry(): RegisteredTelemetry {
  const registered = otelRegistration();
  return { traces: registered?.trace !== undefined, metrics: registered?.metrics !== undefined };
}
