import type { Context } from "hono";
import type { Context as OtelContext, Span, Tracer } from "@opentelemetry/api";
import type { OtelApiModule } from "./load-otel.js";
import type { PhaseEnd } from "./phase-marks.js";
import { requestIdOf } from "../telemetry/request-id.js";
import { ERROR_TYPE, errorTypeOf, HTTP_REQUEST_ID, HTTP_RESPONSE_STATUS_CODE } from "./http-attributes.js";

// One request's spans: the SERVER span, and its phases as the generated code
// marks them (phase-marks.ts), one at a time, each a child of the request's.
// A fault that ends the request with a 5xx marks the request's span and the
// phase it happened in as failed, the exception recorded on the request's.

export class RequestSpans {
  #phase: Span | undefined;

  constructor(
    readonly api: OtelApiModule,
    readonly tracer: Tracer,
    readonly span: Span,
    /** The context with the request's span in it: the parent of its phases, and what the handler runs in. */
    readonly context: OtelContext,
  ) {}

  phase(name: string): void {
    this.#phase?.end();
    this.#phase = this.tracer.startSpan(name, undefined, this.context);
  }

  lasting(name: string): PhaseEnd {
    this.#phase?.end();
    this.#phase = undefined;
    const span = this.tracer.startSpan(name, undefined, this.context);
    let ended = false;
    return (error) => {
      if (ended) return;
      ended = true;
      if (error !== undefined) failed(this.api, span, error, true);
      span.end();
    };
  }

  /** The request is answered with `status` (its answer handed over; a stream or socket may go on): its spans end. */
  finish(c: Context, status: number, error: unknown): string | undefined {
    const { span } = this;
    span.setAttribute(HTTP_RESPONSE_STATUS_CODE, status);
    const requestId = requestIdOf(c);
    if (requestId !== undefined) span.setAttribute(HTTP_REQUEST_ID, requestId);
    let errorType: string | undefined;
    if (status >= 500) {
      errorType = errorTypeOf(status, error);
      span.setAttribute(ERROR_TYPE, errorType);
      if (error !== undefined) failed(this.api, span, error, true);
      else span.setStatus({ code: this.api.SpanStatusCode.ERROR });
      if (this.#phase && error !== undefined) failed(this.api, this.#phase, error, false);
    }
    this.#phase?.end();
    this.#phase = undefined;
    span.end();
    return errorType;
  }
}

/** The span failed with `error`: its status says so, and, where `record`, the exception is an event on it. */
function failed(api: OtelApiModule, span: Span, error: unknown, record: boolean): void {
  const message = error instanceof Error ? error.message : String(error);
  if (record) span.recordException(error instanceof Error ? error : message);
  span.setStatus({ code: api.SpanStatusCode.ERROR, message });
}
