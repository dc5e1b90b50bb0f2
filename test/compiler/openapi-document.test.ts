import { existsSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { compileFixture } from "../support/compile.js";
import { HonestCode } from "../support/honest-codes.js";

// docs/guide/openapi-and-clients.md, "OpenAPI and clients": the transformer writes the OpenAPI 3.1
// document of the program's routes to the file its plugin option names, from
// the same analysis the route code comes from. Each test reads the document
// a real build wrote.

const SOURCES = {
  "src/dtos.ts": `
    import type { i64, MinLength, MaxLength, Pattern, Format, Minimum, Maximum, Integer, MaxItems } from "honest";

    /** An article as readers see it. */
    export interface Article {
      id: i64;
      /** The headline.
       *
       * Shown above the body. */
      title: string & MinLength<1> & MaxLength<120>;
      slug: string & Pattern<"^[a-z0-9-]+$">;
      author: Author | null;
      tags: (string & MinLength<1>)[] & MaxItems<5>;
      status: "draft" | "published";
      rating?: number & Integer & Minimum<1> & Maximum<5>;
      /** @deprecated use tags */
      category?: string;
      position: [number, number];
      meta: Record<string, string>;
      extra: unknown;
    }
    export interface Author { name: string; email: string & Format<"email">; }
    export interface Page<T> { items: T[]; total: number; }
    export interface NewArticle { title: string & MinLength<1>; body: string; }
    export interface Comment { text: string; replies: Comment[]; }
  `,
  "src/security.ts": `
    import type { Context } from "hono";
    import { HttpError } from "honest";
    import type { SecurityScheme } from "honest";
    export interface User { name: string }
    export class BearerUser {
      static readonly securityScheme = { type: "http", scheme: "bearer", bearerFormat: "opaque" } as const satisfies SecurityScheme;
      async resolve(c: Context): Promise<User> {
        if (!c.req.header("authorization")) throw new HttpError(401, "sign in");
        return { name: "ada" };
      }
    }
    export class MaybeKey {
      static readonly securityScheme = { type: "apiKey", in: "header", name: "x-api-key" } as const satisfies SecurityScheme;
      resolve(c: Context): User | undefined {
        return c.req.header("x-api-key") ? { name: "key" } : undefined;
      }
    }
    export class Plain {
      resolve(c: Context): string { return c.req.path; }
    }
  `,
  "src/articles.controller.ts": `
    import { Controller, Get, Post, Put, Delete, StatusCode } from "honest";
    import type { Json, Path, Query, Header, Cookie, Form, From, i64, Maximum, MaxLength } from "honest";
    import type { Context } from "hono";
    import type { Article, Comment, NewArticle, Page } from "./dtos.js";
    import type { BearerUser, MaybeKey, Plain } from "./security.js";

    /** Articles and their comments. */
    @Controller({ prefix: "/articles" })
    export class ArticleController {
      /**
       * List articles.
       *
       * Newest first; filter by tag.
       * Pages of at most 100.
       */
      @Get("/")
      async list(q: Query<{ tag?: string; limit?: number & Maximum<100>; ids?: i64[] }>): Promise<Json<Page<Article>>> {
        return { items: [], total: 0 };
      }

      /** One article. */
      @Get("/{id}")
      async get(id: Path<i64>, h: Header<{ "x-trace"?: string & MaxLength<32> }>, c: Cookie<{ theme?: "light" | "dark" }>): Promise<Json<Article>> {
        throw new Error("not here");
      }

      @Post("/")
      async create(body: Json<NewArticle>, user: From<BearerUser>): Promise<Json<Article, 201>> {
        throw new Error("not here");
      }

      /** @deprecated use POST /articles */
      @Put("/{id}")
      async replace(id: Path<i64>, body: Json<NewArticle>, key: From<MaybeKey>, plain: From<Plain>): Promise<StatusCode> {
        return StatusCode.NO_CONTENT;
      }

      @Delete("/{id}")
      async remove(id: Path<i64>): Promise<Response | StatusCode> {
        return StatusCode.NO_CONTENT;
      }

      @Get("/{id}/comments/{order}")
      async comments([id, order]: Path<[i64, "asc" | "desc"]>): Promise<Json<Comment[]>> {
        return [];
      }

      @Post("/{id}/attachments")
      async attach(id: Path<i64>, form: Form<{ file: File; note?: string & MaxLength<80>; labels?: string[] }>): Promise<Json<{ stored: boolean }, 201>> {
        return { stored: true };
      }

      @Post("/{id}/votes")
      async vote(id: Path<i64>, form: Form<{ up: boolean }>): Promise<StatusCode> {
        return StatusCode.NO_CONTENT;
      }

      @Delete("/{id}/votes")
      async unvote(id: Path<i64>): Promise<typeof StatusCode.ACCEPTED | 204> {
        return id > 0n ? StatusCode.NO_CONTENT : 202;
      }
    }
  `,
  "src/app.ts": `
    import { createApp } from "honest";
    export const app = createApp({ log: false });
  `,
};

type Doc = Record<string, any>;

function build(name: string, files: Record<string, string> = SOURCES, plugin?: Record<string, unknown>) {
  const file = path.resolve(import.meta.dirname, `../.out/${name}-openapi.json`);
  rmSync(file, { force: true });
  const compiled = compileFixture(name, files, {}, { plugin: plugin ?? { openapi: { file, title: "Articles", version: "2.1.0" } } });
  return { compiled, file };
}

let document: Doc;
let text: string;

beforeAll(() => {
  const { compiled, file } = build("openapi-document");
  expect(compiled.diagnostics).toEqual([]);
  text = readFileSync(file, "utf8");
  document = JSON.parse(text);
});

describe("the document", () => {
  it("is OpenAPI 3.1 with the plugin option's title and version, the package's license, and a tag per controller with its doc comment", () => {
    expect(document.openapi).toBe("3.1.0");
    const { license } = JSON.parse(readFileSync(path.join(process.cwd(), "package.json"), "utf8"));
    expect(document.info).toEqual({ title: "Articles", version: "2.1.0", license: { name: license, identifier: license } });
    expect(document.servers).toEqual([{ url: "/" }]);
    expect(document.tags).toEqual([{ name: "ArticleController", description: "Articles and their comments." }]);
    expect(Object.keys(document.paths)).toEqual([
      "/articles",
      "/articles/{id}",
      "/articles/{id}/comments/{order}",
      "/articles/{id}/attachments",
      "/articles/{id}/votes",
    ]);
    expect(Object.keys(document.paths["/articles/{id}"])).toEqual(["get", "put", "delete"]);
  });

  it("takes each operation's summary and description from the handler's doc comment, and @deprecated", () => {
    const list = document.paths["/articles"].get;
    expect(list.summary).toBe("List articles.");
    expect(list.description).toBe("Newest first; filter by tag.\nPages of at most 100.");
    expect(list.operationId).toBe("ArticleController_list");
    expect(list.tags).toEqual(["ArticleController"]);
    expect(document.paths["/articles/{id}"].get.summary).toBe("One article.");
    expect(document.paths["/articles/{id}"].get).not.toHaveProperty("description");
    expect(document.paths["/articles/{id}"].put.deprecated).toBe(true);
    expect(document.paths["/articles"].post).not.toHaveProperty("deprecated");
  });

  it("describes path, query, header and cookie parameters with their schemas and constraints", () => {
    expect(document.paths["/articles"].get.parameters).toEqual([
      { name: "tag", in: "query", schema: { type: "string" } },
      { name: "limit", in: "query", schema: { type: "number", maximum: 100 } },
      { name: "ids", in: "query", schema: { type: "array", items: { type: "integer", format: "int64" } } },
    ]);
    expect(document.paths["/articles/{id}"].get.parameters).toEqual([
      { name: "id", in: "path", required: true, schema: { type: "integer", format: "int64" } },
      { name: "x-trace", in: "header", schema: { type: "string", maxLength: 32 } },
      { name: "theme", in: "cookie", schema: { type: "string", enum: ["dark", "light"] } },
    ]);
    expect(document.paths["/articles/{id}/comments/{order}"].get.parameters).toEqual([
      { name: "id", in: "path", required: true, schema: { type: "integer", format: "int64" } },
      { name: "order", in: "path", required: true, schema: { type: "string", enum: ["asc", "desc"] } },
    ]);
  });

  it("gives a parameter the literal default the handler destructures it with, and no default for a computed one", () => {
    const controller = `
      import { Controller, Get } from "honest";
      import type { Json, Query } from "honest";
      @Controller()
      export class PageController {
        @Get("/pages")
        async list({ offset = 0, from = -1, order = "asc", all = false, at = Date.now(), tag }: Query<{
          offset?: number; from?: number; order?: "asc" | "desc"; all?: boolean; at?: number; tag?: string;
        }>): Promise<Json<string[]>> { return [String(offset + from + at), order, String(all), tag ?? ""]; }
      }
    `;
    const { compiled, file } = build("openapi-defaults-destructured", { "src/page.controller.ts": controller });
    expect(compiled.diagnostics).toEqual([]);
    const written: Doc = JSON.parse(readFileSync(file, "utf8"));
    expect(written.paths["/pages"].get.parameters).toEqual([
      { name: "offset", in: "query", schema: { type: "number", default: 0 } },
      { name: "from", in: "query", schema: { type: "number", default: -1 } },
      { name: "order", in: "query", schema: { type: "string", enum: ["asc", "desc"], default: "asc" } },
      { name: "all", in: "query", schema: { type: "boolean", default: false } },
      { name: "at", in: "query", schema: { type: "number" } },
      { name: "tag", in: "query", schema: { type: "string" } },
    ]);
  });

  it("names component schemas after the TypeScript types, generic instances included, with i64, constraints and doc comments", () => {
    expect(Object.keys(document.components.schemas)).toEqual(["Article", "Author", "Comment", "NewArticle", "Page_Article", "Problem"]);
    expect(document.components.schemas.Page_Article).toEqual({
      type: "object",
      properties: { items: { type: "array", items: { $ref: "#/components/schemas/Article" } }, total: { type: "number" } },
      required: ["items", "total"],
    });
    expect(document.components.schemas.Article).toEqual({
      type: "object",
      description: "An article as readers see it.",
      properties: {
        id: { type: "integer", format: "int64" },
        title: { type: "string", minLength: 1, maxLength: 120, description: "The headline.\n\nShown above the body." },
        slug: { type: "string", pattern: "^[a-z0-9-]+$" },
        author: { anyOf: [{ $ref: "#/components/schemas/Author" }, { type: "null" }] },
        tags: { type: "array", items: { type: "string", minLength: 1 }, maxItems: 5 },
        status: { type: "string", enum: ["draft", "published"] },
        rating: { type: "integer", minimum: 1, maximum: 5 },
        category: { type: "string", deprecated: true },
        position: { type: "array", prefixItems: [{ type: "number" }, { type: "number" }], minItems: 2, items: false, maxItems: 2 },
        meta: { type: "object", additionalProperties: { type: "string" } },
        extra: {},
      },
      required: ["id", "title", "slug", "author", "tags", "status", "position", "meta", "extra"],
    });
    expect(document.components.schemas.Author.properties.email).toEqual({ type: "string", format: "email" });
  });

  it("refers to a recursive type by name from inside itself", () => {
    expect(document.components.schemas.Comment).toEqual({
      type: "object",
      properties: { text: { type: "string" }, replies: { type: "array", items: { $ref: "#/components/schemas/Comment" } } },
      required: ["text", "replies"],
    });
  });

  it("describes JSON request bodies and forms: both encodings, or multipart alone when the form has a file", () => {
    expect(document.paths["/articles"].post.requestBody).toEqual({
      required: true,
      content: { "application/json": { schema: { $ref: "#/components/schemas/NewArticle" } } },
    });
    const attachment = {
      type: "object",
      properties: {
        file: { type: "string", format: "binary", contentMediaType: "application/octet-stream" },
        note: { type: "string", maxLength: 80 },
        labels: { type: "array", items: { type: "string" } },
      },
      required: ["file"],
    };
    expect(document.paths["/articles/{id}/attachments"].post.requestBody).toEqual({
      required: true,
      content: { "multipart/form-data": { schema: attachment } },
    });
    const vote = { type: "object", properties: { up: { type: "boolean" } }, required: ["up"] };
    expect(document.paths["/articles/{id}/votes"].post.requestBody).toEqual({
      required: true,
      content: { "multipart/form-data": { schema: vote }, "application/x-www-form-urlencoded": { schema: vote } },
    });
  });

  it("gives a response per declared status, and honest's error answers as problem documents", () => {
    expect(document.paths["/articles"].post.responses).toEqual({
      "201": { description: "Created", content: { "application/json": { schema: { $ref: "#/components/schemas/Article" } } } },
      "400": { $ref: "#/components/responses/BadRequest" },
      "401": { $ref: "#/components/responses/Unauthorized" },
      "413": { $ref: "#/components/responses/ContentTooLarge" },
      "415": { $ref: "#/components/responses/UnsupportedMediaType" },
      default: { $ref: "#/components/responses/Problem" },
    });
    expect(document.paths["/articles/{id}"].put.responses["2XX"]).toEqual({
      description: "The status the handler returns, without a body.",
    });
    expect(document.paths["/articles/{id}"].delete.responses["2XX"]).toEqual({
      description: "A response the handler builds, or a status without a body: any content.",
      content: { "*/*": { schema: {} } },
    });
    // An exact status without a body is that status, and no other success.
    expect(document.paths["/articles/{id}/votes"].delete.responses).toEqual({
      "202": { description: "Accepted" },
      "204": { description: "No Content" },
      "400": { $ref: "#/components/responses/BadRequest" },
      default: { $ref: "#/components/responses/Problem" },
    });
    expect(document.paths["/articles/{id}"].put.responses).toHaveProperty("401"); // an optional scheme may still refuse credentials
    expect(document.paths["/articles/{id}"].get.responses).not.toHaveProperty("401");
    expect(Object.keys(document.components.responses)).toEqual([
      "BadRequest",
      "Unauthorized",
      "ContentTooLarge",
      "UnsupportedMediaType",
      "Problem",
    ]);
    expect(document.components.responses.BadRequest.content["application/problem+json"].schema).toEqual({
      $ref: "#/components/schemas/Problem",
    });
    const problem = document.components.schemas.Problem;
    expect(problem.required).toEqual(["type", "title", "status", "detail"]);
    expect(problem.properties.errors.items.required).toEqual(["path", "expected", "got"]);
  });

  it("writes a union of objects told apart by a literal property as oneOf with its discriminator, and other unions as anyOf", () => {
    const payments = `
      import { Controller, Post } from "honest";
      import type { Json } from "honest";
      export interface Card { kind: "card"; number: string }
      export interface Transfer { kind: "transfer" | "wire"; iban: string }
      export interface Cash { amount: number }
      @Controller()
      export class PaymentController {
        @Post("/payments")
        async pay(body: Json<Card | Transfer>): Promise<Json<{ paid: Card | Transfer | Cash; inline: { kind: "a"; a: string } | { kind: "b" } }>> {
          return { paid: body, inline: { kind: "b" } };
        }
      }
    `;
    const { compiled, file } = build("openapi-tagged-unions", { "src/payments.controller.ts": payments });
    expect(compiled.diagnostics).toEqual([]);
    const written: Doc = JSON.parse(readFileSync(file, "utf8"));
    const card = { $ref: "#/components/schemas/Card" };
    const transfer = { $ref: "#/components/schemas/Transfer" };
    expect(written.paths["/payments"].post.requestBody.content["application/json"].schema).toEqual({
      oneOf: [card, transfer],
      discriminator: {
        propertyName: "kind",
        mapping: { card: "#/components/schemas/Card", transfer: "#/components/schemas/Transfer", wire: "#/components/schemas/Transfer" },
      },
    });
    const response = written.paths["/payments"].post.responses["200"].content["application/json"].schema;
    // Cash has no kind: nothing tells the three apart but trying each.
    expect(response.properties.paid).toEqual({ anyOf: [card, { $ref: "#/components/schemas/Cash" }, transfer] });
    // Told apart by kind, but not named: oneOf without a mapping.
    expect(response.properties.inline).toEqual({
      oneOf: [
        { type: "object", properties: { kind: { type: "string", const: "a" }, a: { type: "string" } }, required: ["kind", "a"] },
        { type: "object", properties: { kind: { type: "string", const: "b" } }, required: ["kind"] },
      ],
    });
  });

  it("holds only the error answers its operations refer to", () => {
    const health = `
      import { Controller, Get } from "honest";
      import type { Json } from "honest";
      @Controller()
      export class HealthController {
        @Get("/health")
        async health(): Promise<Json<{ ok: boolean }>> { return { ok: true }; }
      }
    `;
    const { compiled, file } = build("openapi-few-answers", { "src/health.controller.ts": health });
    expect(compiled.diagnostics).toEqual([]);
    const written: Doc = JSON.parse(readFileSync(file, "utf8"));
    expect(written.paths["/health"].get.responses.default).toEqual({ $ref: "#/components/responses/Problem" });
    expect(Object.keys(written.components.responses)).toEqual(["Problem"]);
  });

  it("turns resolvers that declare a security scheme into security requirements, optional when resolve may give undefined", () => {
    expect(document.components.securitySchemes).toEqual({
      BearerUser: { type: "http", scheme: "bearer", bearerFormat: "opaque" },
      MaybeKey: { type: "apiKey", in: "header", name: "x-api-key" },
    });
    expect(document.paths["/articles"].post.security).toEqual([{ BearerUser: [] }]);
    expect(document.paths["/articles/{id}"].put.security).toEqual([{ MaybeKey: [] }, {}]);
    expect(document.paths["/articles/{id}"].get).not.toHaveProperty("security");
  });

  it("is the same bytes when the same program is built again", () => {
    const again = build("openapi-document-again");
    expect(readFileSync(again.file, "utf8")).toBe(text);
  });
});

describe("the plugin option", () => {
  it("is relative to the tsconfig, and takes the title and version from the nearest package.json", () => {
    const { compiled } = build("openapi-defaults", SOURCES, { openapi: "openapi.json" });
    expect(compiled.diagnostics).toEqual([]);
    const written = path.join(process.cwd(), "openapi.json");
    try {
      const manifest = JSON.parse(readFileSync(path.join(process.cwd(), "package.json"), "utf8"));
      expect(JSON.parse(readFileSync(written, "utf8")).info).toEqual({
        title: manifest.name,
        version: manifest.version,
        description: manifest.description,
        license: { name: manifest.license, identifier: manifest.license },
      });
    } finally {
      rmSync(written, { force: true });
    }
  });

  it("writes nothing without the option and without a createApp({ openapi }) call", () => {
    const { compiled, file } = build("openapi-off", SOURCES, {});
    expect(compiled.diagnostics).toEqual([]);
    expect(existsSync(file)).toBe(false);
  });

  it("is an error, with what to write, when it is not a file name or an object of strings", () => {
    const { compiled } = build("openapi-bad-option", SOURCES, { openapi: { file: "x.json", servers: ["http://x"] } });
    expect(compiled.diagnostics).toEqual([
      {
        file: undefined,
        line: undefined,
        code: HonestCode.PluginOptions,
        category: "error",
        message: expect.stringContaining(
          `the honest plugin's "openapi" option has "servers": ["http://x"]; write "openapi": "openapi.json"`,
        ),
      },
    ]);
  });

  it("writes no document for a program with honest errors", () => {
    const broken = {
      ...SOURCES,
      "src/broken.controller.ts": `
        import { Controller, Get } from "honest";
        import type { Json } from "honest";
        @Controller()
        export class BrokenController {
          @Get("/broken/{id}")
          async get(): Promise<Json<string>> { return "x"; }
        }
      `,
    };
    const { compiled, file } = build("openapi-broken", broken);
    expect(compiled.diagnostics.map((diagnostic) => diagnostic.code)).toEqual([HonestCode.PlaceholderMismatch]);
    expect(existsSync(file)).toBe(false);
  });
});

describe("security schemes", () => {
  it("must be constants: a scheme whose type is not one value is an error at the static, once for all its routes", () => {
    const files = {
      ...SOURCES,
      "src/more.controller.ts": `
        import { Controller, Get } from "honest";
        import type { Json, From } from "honest";
        import type { BearerUser, User } from "./security.js";
        @Controller()
        export class MoreController {
          @Get("/more")
          async more(user: From<BearerUser>): Promise<Json<User>> { return user; }
        }
      `,
      "src/security.ts": SOURCES["src/security.ts"].replace(
        `{ type: "http", scheme: "bearer", bearerFormat: "opaque" } as const satisfies SecurityScheme`,
        `{ type: "http" as const, scheme: String("bearer") }`,
      ),
    };
    const { compiled } = build("openapi-scheme-not-constant", files);
    expect(compiled.diagnostics).toEqual([
      {
        file: "src/security.ts",
        line: 7,
        code: HonestCode.SecuritySchemeNotConstant,
        category: "error",
        message: expect.stringContaining(
          "BearerUser.securityScheme.scheme has the type string, not one constant value, so the OpenAPI document cannot say what it is",
        ),
      },
    ]);
  });
});

describe("named security schemes", () => {
  const NAMED = `
    import type { Context } from "hono";
    import { Controller, Get, HttpError } from "honest";
    import type { From, Json, SecurityScheme } from "honest";
    const TOKEN = { type: "apiKey", in: "header", name: "Authorization" } as const satisfies SecurityScheme;
    export class CurrentUser {
      static readonly securityScheme = TOKEN;
      static readonly securitySchemeName = "Token";
      resolve(c: Context): string {
        const header = c.req.header("authorization");
        if (!header) throw new HttpError(401, "sign in");
        return header;
      }
    }
    export class MaybeUser {
      static readonly securityScheme = TOKEN;
      static readonly securitySchemeName = "Token";
      resolve(c: Context): string | undefined { return c.req.header("authorization"); }
    }
    @Controller()
    export class ProfileController {
      @Get("/user")
      async user(user: From<CurrentUser>): Promise<Json<string>> { return user; }
      @Get("/profiles/{username}")
      async profile(username: Path<string>, viewer: From<MaybeUser>): Promise<Json<string>> { return username + (viewer ?? ""); }
    }
  `.replace("import type { From, Json, SecurityScheme }", "import type { From, Json, Path, SecurityScheme }");

  it("names a scheme by securitySchemeName, shared by the resolvers that give it, optional where resolve may give undefined", () => {
    const { compiled, file } = build("openapi-named-schemes", { "src/profiles.controller.ts": NAMED });
    expect(compiled.diagnostics).toEqual([]);
    const written: Doc = JSON.parse(readFileSync(file, "utf8"));
    expect(written.components.securitySchemes).toEqual({ Token: { type: "apiKey", in: "header", name: "Authorization" } });
    expect(written.paths["/user"].get.security).toEqual([{ Token: [] }]);
    expect(written.paths["/profiles/{username}"].get.security).toEqual([{ Token: [] }, {}]);
  });

  it("is an error for one name given to two different schemes, or a name OpenAPI cannot take", () => {
    const clashing = NAMED.replace(
      `export class MaybeUser {
      static readonly securityScheme = TOKEN;`,
      `export class MaybeUser {
      static readonly securityScheme = { type: "http", scheme: "bearer" } as const;`,
    ).replace(
      `static readonly securitySchemeName = "Token";
      resolve(c: Context): string {`,
      `static readonly securitySchemeName = "Token";
      resolve(c: Context): string {`,
    );
    const { compiled } = build("openapi-scheme-clash", { "src/profiles.controller.ts": clashing });
    expect(compiled.diagnostics.map(({ line, code, message }) => ({ line, code, message }))).toEqual([
      {
        line: 15,
        code: HonestCode.SecuritySchemeNotConstant,
        message:
          "MaybeUser names its security scheme 'Token', as CurrentUser does, but the two schemes differ; give them the same securityScheme to share one, or another securitySchemeName.",
      },
    ]);
    const spaced = NAMED.replaceAll(`securitySchemeName = "Token"`, `securitySchemeName = "The token"`);
    const named = build("openapi-scheme-bad-name", { "src/profiles.controller.ts": spaced }).compiled;
    expect(named.diagnostics.map(({ line, code, message }) => ({ line, code, message }))).toEqual([
      {
        line: 8,
        code: HonestCode.SecuritySchemeNotConstant,
        message:
          "CurrentUser.securitySchemeName must be one constant string of letters, digits, '.', '-' or '_', as in static readonly securitySchemeName = \"Token\";.",
      },
      {
        line: 17,
        code: HonestCode.SecuritySchemeNotConstant,
        message:
          "MaybeUser.securitySchemeName must be one constant string of letters, digits, '.', '-' or '_', as in static readonly securitySchemeName = \"Token\";.",
      },
    ]);
  });
});

describe("createApp({ openapi })", () => {
  it("is given the document the build wrote, and serves it; a call without openapi is given none", async () => {
    const files = {
      ...SOURCES,
      "src/app.ts": `
        import { createApp } from "honest";
        export const served = () => createApp({ log: false, openapi: { path: "/openapi.json" } });
        export const plain = () => createApp({ log: false });
      `,
    };
    const { compiled, file } = build("openapi-served", files);
    expect(compiled.diagnostics).toEqual([]);
    const output = compiled.output("src/app.ts");
    expect(output.match(/\\"openapi\\":\\"3\.1\.0\\"/g)).toHaveLength(1);
    const { served, plain } = await compiled.load<{ served: () => any; plain: () => any }>("src/app.ts");
    const response = await served().request("/openapi.json");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual(JSON.parse(readFileSync(file, "utf8")));
    expect((await plain().request("/openapi.json")).status).toBe(404);
  });
});
