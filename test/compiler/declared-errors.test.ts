import { validate } from "@readme/openapi-parser";
import { createConfig, lint } from "@redocly/openapi-core";
import type { Hono } from "hono";
import { beforeAll, describe, expect, it } from "vitest";
import { build, type Doc, FORMAT_APP, PLAIN_APP } from "../support/declared-errors-fixture.js";

// docs/guide/errors.md, "Errors a route declares": a handler's return type lists the error answers it gives beside
// its successes, `HttpError<S>` (in the app's error format) and bare statuses from 400 (without a body). Returned or
// thrown, an HttpError is answered alike; the document lists exactly the declared errors per operation.

const json = (body: unknown): RequestInit => ({
  method: "POST",
  headers: { "content-type": "application/json" },
  body: JSON.stringify(body),
});

/** Both validators the suite uses accept the document. */
async function expectValid(document: Doc, file: string): Promise<void> {
  expect(await validate(document as Parameters<typeof validate>[0])).toEqual({ valid: true, warnings: [], specification: "OpenAPI" });
  const config = await createConfig({ extends: ["recommended"], rules: { "security-defined": "off" } });
  const errors = (await lint({ ref: file, config })).filter((problem) => problem.severity === "error");
  expect(errors.map((problem) => problem.message)).toEqual([]);
}

describe("with honest's problem documents", () => {
  let app: Hono;
  let document: () => Doc;
  let file: string;
  beforeAll(async () => {
    const built = build("declared-errors-plain", PLAIN_APP);
    expect(built.compiled.diagnostics).toEqual([]);
    app = (await built.compiled.load<{ app: Hono }>("src/app.ts")).app;
    ({ document, file } = built);
  });

  it("an HttpError<404> returned is a problem document with its status and detail", async () => {
    const response = await app.request("/items/2");
    expect(response.status).toBe(404);
    expect(response.headers.get("content-type")).toBe("application/problem+json");
    expect(await response.json()).toEqual({
      type: "about:blank",
      title: "Not Found",
      status: 404,
      detail: "no item 2",
      requestId: expect.any(String),
    });
    const found = await app.request("/items/1");
    expect([found.status, await found.text()]).toEqual([200, '{"id":1,"name":"one"}']);
  });

  it("an HttpError<409, Taken> returned carries its extensions; thrown, the same; one thrown undeclared still answers", async () => {
    const returned = await app.request("/items", json({ id: 3, name: "taken" }));
    expect(returned.status).toBe(409);
    expect(await returned.json()).toMatchObject({ status: 409, detail: "the name is taken", field: "name" });
    const thrown = await app.request("/items", json({ id: 3, name: "thrown" }));
    expect(thrown.status).toBe(409);
    expect(await thrown.json()).toMatchObject({ status: 409, detail: "thrown works too", field: "name" });
    const undeclared = await app.request("/items", json({ id: 3, name: "gone" }));
    expect(undeclared.status).toBe(410);
    expect(await undeclared.json()).toMatchObject({ status: 410, detail: "not declared, still answered" });
    const created = await app.request("/items", json({ id: 3, name: "three" }));
    expect([created.status, await created.text()]).toEqual([201, '{"id":3,"name":"three"}']);
  });

  it("a bare 401 is answered without a body, the header the handler set kept", async () => {
    const response = await app.request("/items/3", { method: "DELETE" });
    expect(response.status).toBe(401);
    expect(response.headers.get("www-authenticate")).toBe('Bearer realm="items"');
    expect(response.headers.get("content-type")).toBeNull();
    expect(await response.text()).toBe("");
    const removed = await app.request("/items/3", { method: "DELETE", headers: { authorization: "Bearer t" } });
    expect(removed.status).toBe(204);
    // Without an error format, bearerAuth's 401 is a problem document, its WWW-Authenticate kept.
    const refused = await app.request("/admin");
    expect([refused.status, refused.headers.get("www-authenticate"), refused.headers.get("content-type")]).toEqual([
      401,
      'Bearer realm=""',
      "application/problem+json",
    ]);
  });

  it("a handler that never awaits: the HttpError it returns is answered in the same turn", async () => {
    const missing = app.request("/items/3/now");
    expect(missing).not.toBeInstanceOf(Promise);
    const response = await missing;
    expect([response.status, (await response.json()).title]).toEqual([404, "Not Found"]);
    const gone = await app.request("/items/2/now");
    expect([gone.status, (await gone.json()).title]).toEqual([410, "Gone"]);
  });

  it("the document lists exactly the declared errors per operation, beside honest's own and default", () => {
    const paths = document().paths;
    expect(Object.keys(paths["/items/{id}"].get.responses)).toEqual(["200", "400", "404", "default"]);
    // The same answer in every operation that declares it: one shared response, named by its reason phrase.
    expect(paths["/items/{id}"].get.responses["404"]).toEqual({ $ref: "#/components/responses/NotFoundProblem" });
    expect(paths["/items/{id}/now"].get.responses["404"]).toEqual({ $ref: "#/components/responses/NotFoundProblem" });
    expect(document().components.responses.NotFoundProblem).toEqual({
      description: "Not Found: the handler answers with this error.",
      content: {
        "application/problem+json": {
          schema: { $ref: "#/components/schemas/Problem" },
          example: { type: "about:blank", title: "Not Found", status: 404, detail: "Not Found" },
        },
      },
    });
    expect(paths["/items"].post.responses["409"].content["application/problem+json"].schema).toEqual({
      allOf: [{ $ref: "#/components/schemas/Problem" }, { $ref: "#/components/schemas/Taken" }],
    });
    expect(document().components.schemas.Taken).toMatchObject({
      type: "object",
      properties: { field: { type: "string" }, owner: { type: "string" } },
      required: ["field"],
    });
    expect(paths["/items/{id}"].delete.responses["401"]).toEqual({
      description: "Unauthorized: the handler answers with this status, without a body.",
    });
    expect(Object.keys(paths["/items/{id}/now"].get.responses)).toEqual(["200", "400", "404", "410", "default"]);
    // What a handler throws undeclared stays under default.
    expect(paths["/items"].post.responses.default).toEqual({ $ref: "#/components/responses/Problem" });
  });

  it("passes both OpenAPI validators", async () => {
    await expectValid(document(), file);
  });
});

describe("with an error format whose 401 has no body and a default entry", () => {
  let app: Hono;
  let document: () => Doc;
  let file: string;
  beforeAll(async () => {
    const built = build("declared-errors-format", FORMAT_APP);
    expect(built.compiled.diagnostics).toEqual([]);
    app = (await built.compiled.load<{ app: Hono }>("src/app.ts")).app;
    ({ document, file } = built);
  });

  it("an HttpError<404> is answered by the format's default entry", async () => {
    const response = await app.request("/items/2");
    expect(response.status).toBe(404);
    expect(response.headers.get("content-type")).toBe("application/json");
    expect(await response.text()).toBe('{"message":"no item 2","status":404}');
  });

  it("the format's bare 401 entry answers without a body, the answer's headers kept: bearerAuth's WWW-Authenticate", async () => {
    const refused = await app.request("/admin");
    expect(refused.status).toBe(401);
    expect(refused.headers.get("www-authenticate")).toBe('Bearer realm=""');
    expect(refused.headers.get("content-type")).toBeNull();
    expect(refused.headers.get("x-request-id")).toEqual(expect.any(String));
    expect(await refused.text()).toBe("");
    const allowed = await app.request("/admin", { headers: { authorization: "Bearer s3cret" } });
    expect([allowed.status, await allowed.text()]).toEqual([200, '{"admin":true}']);
    // A handler's bare 401 has no body either, its own header kept.
    const response = await app.request("/items/3", { method: "DELETE" });
    expect(response.status).toBe(401);
    expect(response.headers.get("www-authenticate")).toBe('Bearer realm="items"');
    expect(await response.text()).toBe("");
  });

  it("the document: the 401 without a body, the 404 in the format's schema, the default entry's schema alone", async () => {
    const paths = document().paths;
    expect(paths["/items/{id}"].delete.responses["401"]).toEqual({
      description: "Unauthorized: the handler answers with this status, without a body.",
    });
    expect(paths["/items/{id}"].get.responses["404"]).toEqual({
      description: "Not Found: the handler answers with this error.",
      content: { "application/json": { schema: { $ref: "#/components/schemas/ApiError" } } },
    });
    expect(paths["/items/{id}"].get.responses.default.content).toEqual({
      "application/json": { schema: { $ref: "#/components/schemas/ApiError" } },
    });
    await expectValid(document(), file);
  });
});
