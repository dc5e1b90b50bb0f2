import { readFileSync } from "node:fs";
import path from "node:path";
import { validate } from "@readme/openapi-parser";
import { createConfig, lint } from "@redocly/openapi-core";
import type { Hono } from "hono";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { type Compiled, compileFixture } from "../support/compile.js";
import { docBlock } from "../support/readme.js";

// docs/guide/errors.md, "An error format the document shows": renderError
// as entries keyed by the status honest would answer with, each declaring
// its body's type as `Json<T>` or `Json<T, S>`. The body is written by the
// writer generated for T, with status S, and the OpenAPI document lists
// exactly those answers. The RealWorld API's format is the example.

type Doc = Record<string, any>;

const DTOS = `
  import type { i64 } from "honest";
  /** RealWorld's error body: each fault in words. */
  export interface GenericErrorModel { errors: { body: string[] } }
  /** Any other error, with the status it came with and a 64-bit trace id. */
  export interface OtherError { message: string; status: number; trace: i64 }
  export interface NewArticle { title: string; tags?: string[] }
  export interface Article { slug: string; title: string }
`;

const CONTROLLER = `
  import { Controller, Get, HttpError, Post } from "honest";
  import type { From, Json, Path } from "honest";
  import type { Context } from "hono";
  import type { Article, NewArticle } from "./dtos.js";

  export class CurrentUser {
    static readonly securityScheme = { type: "http", scheme: "bearer" } as const;
    static readonly securitySchemeName = "Token";
    resolve(c: Context): { name: string } {
      if (c.req.header("authorization") !== "Token good") throw new HttpError(401, "missing or wrong token");
      return { name: "jake" };
    }
  }

  @Controller({ prefix: "/articles" })
  export class ArticleController {
    /** Creates an article. */
    @Post("/")
    async create(user: From<CurrentUser>, body: Json<NewArticle>): Promise<Json<Article, 201>> {
      return { slug: body.title.toLowerCase(), title: body.title };
    }

    /** One article. */
    @Get("/{slug}")
    async get(slug: Path<string>): Promise<Json<Article>> {
      if (slug === "gone") throw new HttpError(404, "no article gone");
      return { slug, title: slug };
    }

    /** Every article. */
    @Get("/")
    async list(): Promise<Json<Article[]>> {
      throw new Error("database down");
    }
  }
`;

/** RealWorld's format: 400 and 415 become 422, a 401 keeps its status, everything else stays a problem document. */
const REALWORLD_APP = `
  import { createApp } from "honest";
  import type { Json, Problem } from "honest";
  import type { GenericErrorModel } from "./dtos.js";

  function realWorld(problem: Problem): GenericErrorModel {
    const body = problem.errors?.map((fault) => \`\${fault.path} must be \${fault.expected}\`) ?? [problem.detail];
    return Object.assign({ errors: { body } }, { leaked: "not declared, never sent" });
  }

  export const app = createApp({
    log: false,
    renderError: {
      400: (problem): Json<GenericErrorModel, 422> => realWorld(problem),
      415: async (problem): Promise<Json<GenericErrorModel, 422>> => realWorld(problem),
      401: realWorldUnauthorized,
    },
  });

  function realWorldUnauthorized(problem: Problem): Json<GenericErrorModel> {
    return realWorld(problem);
  }
`;

function build(name: string, app: string, extra: Record<string, string> = {}): { compiled: Compiled; document: () => Doc } {
  const file = path.resolve(import.meta.dirname, `../.out/${name}-openapi.json`);
  const compiled = compileFixture(
    name,
    { "src/dtos.ts": DTOS, "src/articles.controller.ts": CONTROLLER, "src/app.ts": app, ...extra },
    {},
    { plugin: { openapi: { file, title: "Conduit", version: "1.0.0" } } },
  );
  return { compiled, document: () => JSON.parse(readFileSync(file, "utf8")) as Doc };
}

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
  const { app } = await compiled.load<{ app: Hono }>("src/app.ts");
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

describe("what is not an error format is a compile-time error at the entry", () => {
  const diagnosticsOf = (name: string, renderError: string, extra = "") =>
    build(
      name,
      `
        import { createApp } from "honest";
        import type { Json, Problem } from "honest";
        import type { GenericErrorModel } from "./dtos.js";
        ${extra}
        export const app = createApp({
          renderError: ${renderError},
        });
      `,
    ).compiled.diagnostics.map(({ file, line, code, message }) => ({ file, line, code, message }));

  it.each([
    [
      "a key that is not an error status",
      "{ 200: (p): Json<GenericErrorModel> => ({ errors: { body: [] } }) }",
      "renderError has the entry '200', which is not an error status: key each entry by the status honest answers with, 400 to 599, " +
        "as in 400: (problem): Json<ErrorBody, 422> => ({ ... }), or by default for every status without an entry.",
    ],
    [
      "an entry without a declared result",
      "{ 400: (p: Problem) => ({ errors: { body: [] } }) }",
      "renderError's entry 400 has no declared result type, so honest can neither write its body nor document it: " +
        "declare it, as in 400: (problem): Json<ErrorBody> => ({ ... }).",
    ],
    [
      "an entry that returns a Response",
      "{ 400: (p: Problem): Response => Response.json({}) }",
      "renderError's entry 400 declares 'Response': declare its body as Json<T> (sent with honest's status) or Json<T, S> " +
        "(sent with status S), as in 400: (problem): Json<ErrorBody, 422> => ({ ... }); to build Responses by hand, make renderError a function instead.",
    ],
    [
      "a status that is not an error's",
      "{ 400: (p: Problem): Json<GenericErrorModel, 200> => ({ errors: { body: [] } }) }",
      "renderError's entry 400 answers with status 200, which is not an error status: give Json<T, S> a status from 400 to 599, " +
        "or leave S out to answer with 400.",
    ],
  ])("%s", (_case, renderError, message) => {
    expect(diagnosticsOf(`error-format-${_case.replace(/\W+/g, "-")}`, renderError)).toEqual([
      { file: "src/app.ts", line: 7, code: 991035, message },
    ]);
  });

  it("entries honest cannot read where createApp() is called", () => {
    const diagnostics = diagnosticsOf(
      "error-format-not-written",
      "{ ...entries }",
      "const entries = { 400: (p: Problem): Json<GenericErrorModel, 422> => ({ errors: { body: [] } }) };",
    );
    expect(diagnostics).toEqual([
      {
        file: "src/app.ts",
        line: 7,
        code: 991035,
        message:
          "honest reads renderError's entries where createApp() is called, to write and document each one's body: write them there, " +
          "as in createApp({ renderError: { 400: (problem): Json<ErrorBody, 422> => ({ ... }) } }), or make renderError a function that returns a Response.",
      },
    ]);
  });

  it("two createApp() calls with different formats", () => {
    const { compiled } = build("error-format-two", REALWORLD_APP, {
      "src/test-app.ts": `
        import { createApp } from "honest";
        import type { Json } from "honest";
        import type { OtherError } from "./dtos.js";
        export const testApp = createApp({
          renderError: { default: (p): Json<OtherError> => ({ message: p.detail, status: p.status, trace: 1n }) },
        });
      `,
    });
    expect(compiled.diagnostics.map(({ file, line, code, message }) => ({ file, line, code, message }))).toEqual([
      {
        file: "src/test-app.ts",
        line: 6,
        code: 991035,
        message:
          "this createApp() call's renderError has other entries than the one in app.ts: the OpenAPI document shows one error format, " +
          "so give every createApp() call the same entries.",
      },
    ]);
  });

  it("a function renderError is no format: the document keeps honest's problem answers", () => {
    const { compiled, document } = build(
      "error-format-function",
      `
        import { createApp } from "honest";
        export const app = createApp({ renderError: () => undefined });
      `,
    );
    expect(compiled.diagnostics).toEqual([]);
    expect(document().paths["/articles"].post.responses["400"]).toEqual({ $ref: "#/components/responses/BadRequest" });
  });
});
