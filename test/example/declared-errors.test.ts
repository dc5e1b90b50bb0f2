import type { Hono } from "hono";
import { beforeAll, describe, expect, it } from "vitest";
import { createClient } from "../../example/client/api.js";
import { exampleApp } from "../support/example.js";

// docs/guide/errors.md, "Errors a route declares": the example's item routes declare their 404s (and the writes
// their 409s) in their return types; the document the app serves lists them per operation, and the example's
// client types each one's problem by status (this file compiles against it: `npx tsc -p test/tsconfig.json`).

const FIRST_ID = 1n;

describe("the example's item routes declare their 404s and 409s", () => {
  let app: Hono;
  beforeAll(async () => {
    app = await exampleApp({}, { firstItemId: FIRST_ID });
  });

  it("the document lists each declared error per operation, and not on the routes that do not declare it", async () => {
    const document = await (await app.request("/openapi.json")).json();
    const statuses = (path: string, method: string) => Object.keys(document.paths[path][method].responses);
    expect(statuses("/items/{id}", "get")).toEqual(["200", "304", "400", "404", "default"]);
    expect(statuses("/items/{id}", "put")).toEqual(["200", "400", "404", "409", "412", "413", "415", "default"]);
    expect(statuses("/items/{id}", "patch")).toEqual(["200", "400", "404", "409", "413", "415", "default"]);
    expect(statuses("/items/{id}", "delete")).toEqual(["204", "400", "404", "default"]);
    expect(statuses("/items/{id}/quote/{quantity}", "get")).toEqual(["200", "400", "404", "default"]);
    expect(statuses("/items", "post")).toEqual(["201", "400", "409", "413", "415", "default"]);
    expect(statuses("/items", "get")).toEqual(["200", "400", "default"]);
    expect(document.paths["/items/{id}"].get.responses["404"]).toEqual({ $ref: "#/components/responses/NotFoundProblem" });
    expect(document.components.responses.NotFoundProblem.content["application/problem+json"].example).toEqual({
      type: "about:blank",
      title: "Not Found",
      status: 404,
      detail: "Not Found",
    });
  });

  it("the client: a 404 and a 409 narrowed by status, each with its problem document", async () => {
    const api = createClient({ fetch: app.request });
    const missing = await api.item.remove({ id: 999n });
    if (missing.ok || missing.status !== 404) throw new Error(`expected a 404, got ${missing.status}`);
    expect(missing.problem.detail).toBe("item 999 not found");
    const created = await api.item.create({ body: { name: "plug", price: 2, sku: "PL-1" } });
    expect(created).toMatchObject({ ok: true, status: 201 });
    const again = await api.item.create({ body: { name: "plug", price: 2, sku: "PL-1" } });
    if (again.ok || again.status !== 409) throw new Error(`expected a 409, got ${again.status}`);
    expect([again.problem.status, again.problem.detail]).toEqual([409, "another item has the sku PL-1"]);
    const quote = await api.item.quote({ id: 999n, quantity: 2 });
    expect(quote).toMatchObject({ ok: false, status: 404, problem: { title: "Not Found", detail: "item 999 not found" } });
  });
});
