import { readFileSync } from "node:fs";
import path from "node:path";
import { type Compiled, compileFixture } from "./compile.js";

// A RealWorld-like program for the error format's tests (docs/guide/errors.md, "An error format the document
// shows"): its DTOs, a controller that reads a body, a path and a resolver with a scheme, and an app in
// RealWorld's format; `build` compiles them with another app, writing the OpenAPI document.

export type Doc = Record<string, any>;

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
export const REALWORLD_APP = `
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

/** `plugin`: more of the plugin's options (`client`). */
export function build(
  name: string,
  app: string,
  extra: Record<string, string> = {},
  plugin: Record<string, unknown> = {},
): { compiled: Compiled; document: () => Doc } {
  const file = path.resolve(import.meta.dirname, `../.out/${name}-openapi.json`);
  const compiled = compileFixture(
    name,
    { "src/dtos.ts": DTOS, "src/articles.controller.ts": CONTROLLER, "src/app.ts": app, ...extra },
    {},
    { plugin: { openapi: { file, title: "Conduit", version: "1.0.0" }, ...plugin } },
  );
  return { compiled, document: () => JSON.parse(readFileSync(file, "utf8")) as Doc };
}
