import { describe, expect, it } from "vitest";
import { appServingDocument, exampleControllers } from "../support/openapi-app.js";

// docs/guide/route-table.md, "The route table": the document's and the page's routes come after
// the controllers' routes, padded with them, then the health probes; the page's second path (with a
// trailing slash) and its files are not listed.

async function tableOf(openapi: { path?: string; docs?: string }): Promise<string> {
  const { HomeController } = await exampleControllers();
  const printed: string[] = [];
  appServingDocument({ log: (text) => printed.push(text), openapi }, { controllers: [HomeController] });
  expect(printed).toHaveLength(1);
  return printed[0]!;
}

describe("the route table of an app serving its OpenAPI document", () => {
  it("lists the document and the page after the controllers' routes, then the probes, padded to the widest path", async () => {
    expect(await tableOf({ docs: "/docs" })).toBe(
      [
        "Route mappings:",
        "  GET /             → HomeController",
        "  GET /health       → HomeController",
        "  GET /info         → HomeController",
        "  GET /openapi.json → OpenAPI document",
        "  GET /docs         → API documentation",
        "  GET /livez        → Liveness probe",
        "  GET /readyz       → Readiness probe",
      ].join("\n"),
    );
  });

  it("lists the paths as given, the page's without its trailing slash", async () => {
    expect(await tableOf({ path: "/reference/openapi.json", docs: "/reference/" })).toBe(
      [
        "Route mappings:",
        "  GET /                       → HomeController",
        "  GET /health                 → HomeController",
        "  GET /info                   → HomeController",
        "  GET /reference/openapi.json → OpenAPI document",
        "  GET /reference              → API documentation",
        "  GET /livez                  → Liveness probe",
        "  GET /readyz                 → Readiness probe",
      ].join("\n"),
    );
  });

  it("lists only the document without docs", async () => {
    expect(await tableOf({})).toBe(
      [
        "Route mappings:",
        "  GET /             → HomeController",
        "  GET /health       → HomeController",
        "  GET /info         → HomeController",
        "  GET /openapi.json → OpenAPI document",
        "  GET /livez        → Liveness probe",
        "  GET /readyz       → Readiness probe",
      ].join("\n"),
    );
  });
});
