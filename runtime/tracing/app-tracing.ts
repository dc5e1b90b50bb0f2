import type { Context, ErrorHandler } from "hono";
import type { Histogram, Tracer } from "@opentelemetry/api";
import type { RouteHandler } from "../compiled/controller-definition.js";
import type { IncomingHttpHeaders } from "node:http";
import { rawPath } from "../routing/request-path.js";
import { nodeExchangeIn } from "../common/node-exchange.js";
import { type OtelApiModule, loadOtelApi } from "./load-otel.js";
import { registeredTelemetry, type RegisteredTelemetry } from "./otel-global.js";
import type { PhaseMarks } from "./phase-marks.js";
import { RequestSpans } from "./request-spans.js";
import {
  ERROR_TYPE,
  errorTypeOf,
  HONEST_OPERATION_ID,
  HTTP_REQUEST_METHOD,
  HTTP_RESPONSE_STATUS_CODE,
  HTTP_ROUTE,
  setMethod,
  schemeOf,
  URL_PATH,
  URL_SCHEME,
} from "./http-attributes.js";
import { durationHistogram } from "./duration-histogram.js";

// The app's traces and metrics on OpenTelemetry (docs/guide/logs-and-traces.md,
// "Traces"): decided when createApp runs, from what an SDK has registered on
// the API's global (otel-global.ts), and then started with the app, which
// loads @opentelemetry/api before any init() (load-otel.ts). Each request a
// route, honest's 404 and 405, the document or a probe answers gets a SERVER
// span named by its method and template, its parent read from the request's
// `traceparent` by the registered propagator; the generated handler marks its
// phases as child spans (phase-marks.ts); and its duration goes into the
// `http.server.request.duration` histogram. An app with no SDK registered, or
// createApp({ tracing: false }), builds none of this (docs/reference/choices.md,
// "Traces: only @opentelemetry/api").

/** createApp's `tracing`: `false` records nothing even with an SDK; `{ api }` gives the API where a bundle cannot import it. */
export type TracingOption = boolean | { readonly api: unknown };

/** What the request's span names: the route's method and template, and its operation in the document, if any. */
export interface TracedRoute {
  readonly method: string;
  /** The template, `/items/{id}`, as the route table prints it. */
  readonly path: string;
  readonly operationId?: string;
}

/** Reads a header of the request for the propagator: `traceparent` and `tracestate`, or the baggage, never written to a span. */
const HEADER_GETTER = {
  get: (headers: Headers, key: string) => headers.get(key) ?? undefined,
  keys: (headers: Headers) => [...headers.keys()],
};

/** The same from Node's own request, whose headers are at hand: the Web's Headers would be built for this alone. */
const NODE_HEADER_GETTER = {
  get: (headers: IncomingHttpHeaders, key: string) => headers[key],
  keys: (headers: IncomingHttpHeaders) => Object.keys(headers),
};

/** What a request's span and its data point both say of it, read once. */
interface RequestFacts {
  readonly scheme: string;
  readonly started: number;
}

export class AppTracing {
  readonly #registered: RegisteredTelemetry;
  readonly #given: OtelApiModule | undefined;
  #api: OtelApiModule | undefined;
  #tracer: Tracer | undefined;
  #duration: Histogram | undefined;
  readonly #requests = new WeakMap<Context, RequestSpans>();

  /** The app's tracing, or undefined when nothing is registered or `tracing` is false: then nothing is built, and nothing costs. */
  static forApp(option: TracingOption | undefined): AppTracing | undefined {
    if (option === false) return undefined;
    const registered = registeredTelemetry();
    if (!registered.traces && !registered.metrics) return undefined;
    return new AppTracing(registered, typeof option === "object" && option !== null ? (option.api as OtelApiModule) : undefined);
  }

  private constructor(registered: RegisteredTelemetry, given: OtelApiModule | undefined) {
    this.#registered = registered;
    this.#given = given;
  }

  /** Loads the API (unless given) and takes the tracer and the histogram: a step of the app's start, before any init(). */
  async start(): Promise<void> {
    const api = this.#given ?? (await loadOtelApi());
    this.#api = api;
    if (this.#registered.traces) this.#tracer = api.trace.getTracer("honest");
    if (this.#registered.metrics) this.#duration = durationHistogram(api.metrics.getMeter("honest"));
  }

  /** What each route's generated handler marks its phases with; undefined when only metrics are recorded. */
  marks(): PhaseMarks | undefined {
    if (!this.#registered.traces) return undefined;
    const requests = this.#requests;
    return {
      phase: (c, name) => requests.get(c)?.phase(name),
      lasting: (c, name) => requests.get(c)?.lasting(name) ?? (() => {}),
    };
  }

  /**
   * `handler` recorded: its span around it, the handler run in the span's context, and an Error thrown answered by
   * `onError` inside the span, so that its status is the span's. `route` undefined for honest's 404 and 405.
   */
  served(route: TracedRoute | undefined, handler: RouteHandler, onError: ErrorHandler): RouteHandler {
    const traced: RouteHandler = (c) => {
      const api = this.#api!;
      const node = nodeExchangeIn(c.env);
      // On Node, from Node's request: the Web's URL and Headers are built only when something asks for them.
      const facts: RequestFacts = {
        scheme: node ? ((node.incoming.socket as { encrypted?: boolean } | null)?.encrypted ? "https" : "http") : schemeOf(c.req.url),
        started: performance.now(),
      };
      const request = this.#begin(api, c, route, facts, node?.incoming.headers);
      const finish = (response: Response, error: unknown): Response => {
        this.#end(c, request, route, facts, response.status, error ?? c.error);
        return response;
      };
      const fail = (error: unknown): Response | Promise<Response> => {
        if (!(error instanceof Error)) {
          // Hono passes it on to the app's last resort (errors/thrown-values.ts), which answers 500.
          this.#end(c, request, route, facts, 500, error);
          throw error;
        }
        const answer = onError(error, c);
        return answer instanceof Promise ? answer.then((response) => finish(response, error)) : finish(answer, error);
      };
      let result: Response | Promise<Response>;
      try {
        result = request ? api.context.with(request.context, handler, undefined, c) : handler(c);
      } catch (error) {
        return fail(error);
      }
      if (result instanceof Promise) return result.then((response) => finish(response, undefined), fail);
      return finish(result, undefined);
    };
    Object.defineProperty(traced, "name", { value: handler.name });
    return traced;
  }

  /** The request's span, started: its parent the context the request's headers carry, or else the active one. */
  #begin(
    api: OtelApiModule,
    c: Context,
    route: TracedRoute | undefined,
    facts: RequestFacts,
    nodeHeaders: IncomingHttpHeaders | undefined,
  ): RequestSpans | undefined {
    const tracer = this.#tracer;
    if (tracer === undefined) return undefined;
    const method = c.req.method;
    const attributes: Record<string, string> = {};
    setMethod(attributes, method);
    // On Node, rawPath reads the target from Node's request, and the URL given is not read.
    attributes[URL_PATH] = rawPath(nodeHeaders ? "" : c.req.url, c.env);
    attributes[URL_SCHEME] = facts.scheme;
    if (route) attributes[HTTP_ROUTE] = route.path;
    if (route?.operationId !== undefined) attributes[HONEST_OPERATION_ID] = route.operationId;
    const parent = nodeHeaders
      ? api.propagation.extract(api.context.active(), nodeHeaders, NODE_HEADER_GETTER)
      : api.propagation.extract(api.context.active(), c.req.raw.headers, HEADER_GETTER);
    const name = route ? `${route.method} ${route.path}` : attributes[HTTP_REQUEST_METHOD] === "_OTHER" ? "HTTP" : method;
    const span = tracer.startSpan(name, { kind: api.SpanKind.SERVER, attributes }, parent);
    const request = new RequestSpans(api, tracer, span, api.trace.setSpan(parent, span));
    this.#requests.set(c, request);
    return request;
  }

  #end(
    c: Context,
    request: RequestSpans | undefined,
    route: TracedRoute | undefined,
    facts: RequestFacts,
    status: number,
    error: unknown,
  ): void {
    const errorType = request ? request.finish(c, status, error) : status >= 500 ? errorTypeOf(status, error) : undefined;
    this.#requests.delete(c);
    if (this.#duration === undefined) return;
    const attributes: Record<string, string | number> = {};
    setMethod(attributes, c.req.method);
    attributes[URL_SCHEME] = facts.scheme;
    attributes[HTTP_RESPONSE_STATUS_CODE] = status;
    if (route) attributes[HTTP_ROUTE] = route.path;
    if (errorType !== undefined) attributes[ERROR_TYPE] = errorType;
    this.#duration.record((performance.now() - facts.started) / 1000, attributes);
  }
}
