import path from "node:path";
import { validate } from "@readme/openapi-parser";
import { createConfig, lint } from "@redocly/openapi-core";
import type { Hono } from "hono";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { docBlock } from "../support/readme.js";
import { build, type Doc, REALWORLD_APP } from "../support/error-format-fixture.js";

// docs/guide/errors.md, "An error format the document shows": renderError
// as entries keyed by the status honest would answer with, each declaring
// its body's type as `Json<T>` or `Json<T, S>`. The body is written by the
// writer generated for T, with status S, and the OpenAPI document lists
// exactly those answers. The RealWorld API's format is the example.

const post = (body: string, headers: Record<string, string> = {}): RequestInit => ({
  method: "POST",
  headers: { authorization: "Token good", "content-type": "application/json", ...headers },
  body,
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe("RealWorld's format: 400 and 415 answered 422, 401 as 401", () => {
  let app: Hono;
  let document: () => Doc;
  beforeAll(async () => {
    const built = build("error-format-realworld", REALWORLD_APP);
    expect(built.compiled.diagnostics).toEqual([]);
    app = (await built.compiled.load<{ app: Hono }>("src/app.ts")).app;
    document = built.document;
  });

  it("a body of the wrong shape is a 422 in the app's format, written by the generated writer (undeclared members dropped)", async () => {
    const response = await app.request("/articles", post(JSON.stringify({ title: 5 })));
    expect(response.status).toBe(422);
    expect(response.headers.get("content-type")).toBe("application/json");
    expect(await response.text()).toBe('{"errors":{"body":["$.title must be string"]}}');
  });

  it("an async entry: another content type is a 422 too", async () => {
    const response = await app.request("/articles", post("title", { "content-type": "text/plain" }));
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({
      errors: { body: ['expected a JSON body with content-type application/json; got "text/plain"'] },
    });
  });

  it("Json<T> without a status keeps honest's: a resolver's 401", async () => {
    const response = await app.request("/articles", post("{}", { authorization: "Token bad" }));
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ errors: { body: ["missing or wrong token"] } });
  });

  it("a status without an entry stays a problem document", async () => {
    const response = await app.request("/articles/gone");
    expect(response.status).toBe(404);
    expect(response.headers.get("content-type")).toBe("application/problem+json");
    expect(await response.json()).toMatchObject({ status: 404, detail: "no article gone" });
  });

  it("the document lists exactly those answers: 422 and 401 in the app's format, 413 and the rest as problems", () => {
    const operation = document().paths["/articles"].post;
    expect(Object.keys(operation.responses)).toEqual(["201", "401", "413", "422", "default"]);
    expect(operation.responses["422"]).toEqual({
      description:
        "The request does not match what the route declares (a path parameter, the query string, headers, cookies, form or body); `errors` lists each fault. " +
        "The request body's content type is not the one the route reads, or it has a content-encoding.",
      content: { "application/json": { schema: { $ref: "#/components/schemas/GenericErrorModel" } } },
    });
    expect(operation.responses["401"].content).toEqual({
      "application/json": { schema: { $ref: "#/components/schemas/GenericErrorModel" } },
    });
    expect(operation.responses["413"]).toEqual({ $ref: "#/components/responses/ContentTooLarge" });
    expect(operation.responses.default.content).toEqual({
      "application/problem+json": { schema: { $ref: "#/components/schemas/Problem" } },
      "application/json": { schema: { $ref: "#/components/schemas/GenericErrorModel" } },
    });
    expect(document().components.schemas.GenericErrorModel).toEqual({
      type: "object",
      description: "RealWorld's error body: each fault in words.",
      properties: { errors: expect.any(Object) },
      required: ["errors"],
    });
    // No operation refers to the 400 or 415 problem answers any more.
    expect(Object.keys(document().components.responses)).toEqual(["ContentTooLarge"]);
    expect(document().paths["/articles/{slug}"].get.responses["422"]).toBeDefined();
  });

  it("is still valid by @readme/openapi-parser, and has no errors by Redocly's recommended rules", async () => {
    expect(await validate(document() as Parameters<typeof validate>[0])).toEqual({ valid: true, warnings: [], specification: "OpenAPI" });
    const config = await createConfig({ extends: ["recommended"], rules: { "security-defined": "off" } });
    const file = path.resolve(import.meta.dirname, "../.out/error-format-realworld-openapi.json");
    const errors = (await lint({ ref: file, config })).filter((problem) => problem.severity === "error");
    expect(errors.map((problem) => problem.message)).toEqual([]);
  });
});

it("the format docs/guide/errors.md shows builds, and answers as it says", async () => {
  const { compiled, document } = build("error-format-docs", docBlock("docs/guide/errors.md", "`renderError` may also be an object"));
  expect(compiled.diagnostics).toEqual([]);
  // The page's createApp() keeps the default log: the route table, printed once as the module loads.
  const printed = vi.spyOn(console, "log").mockImplementation(() => {});
  const { app } = await compiled.load<{ app: Hono }>("src/app.ts");
  expect(printed).toHaveBeenCalledTimes(1);
  expect(String(printed.mock.calls[0]![0])).toMatch(/^Route mappings:\n  POST \/articles +→ ArticleController/);
  printed.mockRestore();
  const response = await app.request("/articles", post("{}"));
  expect(response.status).toBe(422);
  expect(await response.json()).toEqual({ errors: { body: ["$.title must be string"] } });
  expect(Object.keys(document().paths["/articles"].post.responses)).toEqual(["201", "401", "413", "422", "default"]);
});

it("entries createApp() was not compiled with make the app refuse to start, naming the entry", async () => {
  const { createDiscoveredApp } = await import("honest/internal");
  expect(() => createDiscoveredApp([], { log: false, renderError: { 400: () => ({}) } })).toThrow(
    /^honest: renderError's entry 400 was not compiled by honest, so there is no writer for its body: write renderError's entries in the createApp\(\{ \.\.\. \}\) call/,
  );
});

describe("a default entry: every status without its own", () => {
  let app: Hono;
  let document: () => Doc;
  beforeAll(async () => {
    const built = build(
      "error-format-default",
      `
        import { createApp } from "honest";
        import type { Json } from "honest";
        import type { GenericErrorModel, OtherError } from "./dtos.js";

        export const app = createApp({
          log: false,
          renderError: {
            400: (problem): Json<GenericErrorModel, 422> => ({ errors: { body: [problem.detail] } }),
            default: (problem): Json<OtherError> => {
              if (problem.detail === "explode") throw new Error("renderer broke");
              return { message: problem.detail, status: problem.status, trace: 9007199254740993n };
            },
          },
        });
      `,
    );
    expect(built.compiled.diagnostics).toEqual([]);
    app = (await built.compiled.load<{ app: Hono }>("src/app.ts")).app;
    document = built.document;
  });

  it("a handler's 404, honest's 405 and a server failure keep their statuses, in the default entry's format, i64 exact", async () => {
    const notFound = await app.request("/articles/gone");
    expect(notFound.status).toBe(404);
    expect(await notFound.text()).toBe('{"message":"no article gone","status":404,"trace":9007199254740993}');
    const method = await app.request("/articles/x", { method: "DELETE" });
    expect(method.status).toBe(405);
    expect(method.headers.get("allow")).toBe("GET, HEAD");
    vi.spyOn(console, "error").mockImplementation(() => {});
    const failed = await app.request("/articles");
    expect(failed.status).toBe(500);
    expect(await failed.text()).toBe('{"message":"the server failed to complete the request","status":500,"trace":9007199254740993}');
  });

  it("the document: no problem documents at all, the default response in the entries' formats", () => {
    const operation = document().paths["/articles"].post;
    expect(Object.keys(operation.responses)).toEqual(["201", "401", "413", "415", "422", "default"]);
    expect(operation.responses["413"].content).toEqual({ "application/json": { schema: { $ref: "#/components/schemas/OtherError" } } });
    expect(operation.responses.default.content).toEqual({
      "application/json": {
        schema: { anyOf: [{ $ref: "#/components/schemas/GenericErrorModel" }, { $ref: "#/components/schemas/OtherError" }] },
      },
    });
    expect(document().components.schemas.Problem).toBeUndefined();
    expect(document().components.responses).toBeUndefined();
  });
});
