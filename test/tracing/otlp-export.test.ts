import { createServer, type Server } from "node:http";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exampleDist } from "../support/example.js";
import { freePort } from "../support/http.js";
import { startRuntimeServer } from "../support/runtime-server.js";
import { repositoryRoot } from "../support/working-tree.js";

// docs/guide/logs-and-traces.md, "Exporting from the example": the built
// example, started as `npm start` starts it with OTEL_EXPORTER_OTLP_ENDPOINT
// set, sends its spans and metrics over OTLP/HTTP, JSON in this SDK line
// (exporter-trace-otlp-http), to the receiver this test runs. Stopped with
// SIGTERM, it sends what the SDK still holds before it exits.

interface OtlpValue {
  readonly stringValue?: string;
  readonly intValue?: number | string;
}
interface OtlpAttribute {
  readonly key: string;
  readonly value: OtlpValue;
}
interface OtlpSpan {
  readonly name: string;
  readonly kind: number;
  readonly traceId: string;
  readonly parentSpanId?: string;
  readonly spanId: string;
  readonly attributes: readonly OtlpAttribute[];
}
interface OtlpTraces {
  readonly resourceSpans: readonly {
    readonly resource: { readonly attributes: readonly OtlpAttribute[] };
    readonly scopeSpans: readonly { readonly scope: { readonly name: string }; readonly spans: readonly OtlpSpan[] }[];
  }[];
}
interface OtlpMetrics {
  readonly resourceMetrics: readonly {
    readonly scopeMetrics: readonly {
      readonly metrics: readonly {
        readonly name: string;
        readonly unit: string;
        readonly histogram?: { readonly dataPoints: readonly { readonly attributes: readonly OtlpAttribute[] }[] };
      }[];
    }[];
  }[];
}

/** OTLP's SPAN_KIND_SERVER. */
const SPAN_KIND_SERVER = 2;

const received: { path: string; contentType: string | undefined; body: unknown }[] = [];
let receiver: Server;
let receiverPort: number;

beforeAll(async () => {
  receiverPort = await freePort();
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const raw = Buffer.concat(chunks);
      const text = (request.headers["content-encoding"] === "gzip" ? gunzipSync(raw) : raw).toString("utf8");
      received.push({ path: request.url ?? "", contentType: request.headers["content-type"], body: JSON.parse(text) });
      response.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
  });
  await new Promise<void>((resolve) => receiver.listen(receiverPort, "127.0.0.1", resolve));
});

afterAll(async () => {
  await new Promise((resolve) => receiver.close(resolve));
});

function attributesOf(attributes: readonly OtlpAttribute[]): Record<string, string | number | undefined> {
  return Object.fromEntries(
    attributes.map(({ key, value }) => [key, value.stringValue ?? (value.intValue === undefined ? undefined : Number(value.intValue))]),
  );
}

describe("the example with OTEL_EXPORTER_OTLP_ENDPOINT set", () => {
  it("sends each request's span, named by its route, and the duration histogram, over OTLP/HTTP", async () => {
    const port = await freePort();
    const server = await startRuntimeServer(process.execPath, [path.join(exampleDist, "main.js")], {
      cwd: repositoryRoot,
      port,
      env: { PORT: String(port), OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${receiverPort}`, OTEL_SERVICE_NAME: "items-service" },
    });
    const traceId = "0af7651916cd43dd8448eb211c80319c";
    try {
      const response = await fetch(`${server.baseUrl}/items/1`, { headers: { traceparent: `00-${traceId}-b7ad6b7169203331-01` } });
      expect(response.status).toBe(200);
    } finally {
      await server.stop();
    }
    expect(server.output()).not.toMatch(/error/i);

    const traces = received.filter((each) => each.path === "/v1/traces");
    expect(traces.map((each) => each.contentType)).toContain("application/json");
    const exported = traces.flatMap((each) => (each.body as OtlpTraces).resourceSpans);
    expect(attributesOf(exported[0]!.resource.attributes)["service.name"]).toBe("items-service");
    const spans = exported.flatMap((resource) =>
      resource.scopeSpans.filter((scope) => scope.scope.name === "honest").flatMap((scope) => scope.spans),
    );
    const span = spans.find((each) => each.name === "GET /items/{id}");
    expect(span, `the spans sent: ${spans.map((each) => each.name).join(", ")}`).toBeDefined();
    expect(span!.kind).toBe(SPAN_KIND_SERVER);
    expect(span!.traceId).toBe(traceId);
    expect(span!.parentSpanId).toBe("b7ad6b7169203331");
    expect(attributesOf(span!.attributes)).toMatchObject({
      "http.request.method": "GET",
      "http.route": "/items/{id}",
      "url.path": "/items/1",
      "http.response.status_code": 200,
      "honest.operation_id": "ItemController_get",
    });
    expect(spans.filter((each) => each.parentSpanId === span!.spanId).map((each) => each.name)).toEqual(
      expect.arrayContaining(["handler", "write answer"]),
    );

    const metrics = received
      .filter((each) => each.path === "/v1/metrics")
      .flatMap((each) =>
        (each.body as OtlpMetrics).resourceMetrics.flatMap((resource) => resource.scopeMetrics.flatMap((scope) => scope.metrics)),
      );
    const duration = metrics.find((metric) => metric.name === "http.server.request.duration");
    expect(duration?.unit).toBe("s");
    expect(duration!.histogram!.dataPoints.map((point) => attributesOf(point.attributes)["http.route"])).toContain("/items/{id}");
  }, 90_000);
});
