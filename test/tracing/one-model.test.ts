import { SpanKind } from "@opentelemetry/api";
import type { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeApp } from "honest";
import { exampleApp } from "../support/example.js";
import { type RegisteredSdk, registerSdk } from "../support/otel-sdk.js";

// Route names come from one model (docs/guide/logs-and-traces.md, "One name
// for each route"): for the example, the route table createApp prints, the
// OpenAPI document it serves (each operation's method, path and operationId)
// and the spans it records for a request to each route (their names,
// `http.route` and `honest.operation_id`) name the same routes. The rows the
// table has beyond the document are what honest serves itself (the document,
// its page, the probes), and their spans are named by them too.

/** The table's rows for what honest serves itself, which the document does not list. */
const HONEST_OWN = ["OpenAPI document", "API documentation", "Liveness probe", "Readiness probe"];

interface Row {
  readonly method: string;
  readonly path: string;
  readonly target: string;
}

let sdk: RegisteredSdk;
let app: Hono;
let table = "";

beforeAll(async () => {
  sdk = registerSdk();
  app = await exampleApp({
    log: (text) => {
      table = text;
    },
  });
}, 60_000);

afterAll(async () => {
  await closeApp(app);
  await sdk.unregister();
});

/** The table's routes, its scheduled jobs left out: `GET    /items/{id}    → ItemController`. */
function tableRows(): Row[] {
  return [...table.matchAll(/^ {2}([A-Z]+) +(\/\S*) +→ (.+)$/gm)].map(([, method, path, target]) => ({
    method: method!,
    path: path!,
    target: target!,
  }));
}

/** The HTTP method a row's route answers: a socket route's handshake is a GET. */
function httpMethod(row: Row): string {
  return row.method === "WS" ? "GET" : row.method;
}

describe("the example's route names", () => {
  it("are the same in the route table, the OpenAPI document and the spans", async () => {
    const rows = tableRows();
    expect(rows.length).toBeGreaterThan(20);
    const document = (await (await app.request("/openapi.json")).json()) as {
      paths: Record<string, Record<string, { operationId?: string }>>;
    };
    const operations = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, operation]) => ({ route: `${method.toUpperCase()} ${path}`, operationId: operation.operationId })),
    );

    // The table's routes of controllers are the document's operations.
    const controllerRows = rows.filter((row) => !HONEST_OWN.includes(row.target));
    expect(controllerRows.map((row) => `${httpMethod(row)} ${row.path}`).sort()).toEqual(operations.map(({ route }) => route).sort());

    // A request to each route of the table: its span is named by the route, whatever the request's answer.
    const before = sdk.spans().length;
    for (const row of rows) {
      const response = await app.request(row.path.replaceAll(/\{[^}]+\}/g, "1"), { method: httpMethod(row) });
      await response.body?.cancel();
    }
    const servers = sdk
      .spans()
      .slice(before)
      .filter((span) => span.kind === SpanKind.SERVER);
    expect(servers.map((span) => span.name).sort()).toEqual(rows.map((row) => `${httpMethod(row)} ${row.path}`).sort());
    for (const span of servers) expect(span.name).toBe(`${span.attributes["http.request.method"]} ${span.attributes["http.route"]}`);
    // Each controller route's span carries its operation's id.
    expect(
      servers
        .filter((span) => span.attributes["honest.operation_id"] !== undefined)
        .map((span) => ({ route: span.name, operationId: span.attributes["honest.operation_id"] }))
        .sort((a, b) => a.route.localeCompare(b.route)),
    ).toEqual([...operations].sort((a, b) => a.route.localeCompare(b.route)));
  });
});
