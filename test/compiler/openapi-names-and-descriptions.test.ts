import { readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { compileFixture } from "../support/compile.js";
import { HonestCode } from "../support/honest-codes.js";

// docs/guide/openapi-and-clients.md, "Operation ids, tags and descriptions": what a doc comment's tags
// and the plugin option's `info` fields put in the document, so that it can
// match a published spec: `@operationId`, `@tag`, a handler's `@param` for
// path placeholders and the body, the body type's doc comment, `info`'s
// contact, terms and summary, `Format<"password">`, summaries as plain text.

type Doc = Record<string, any>;

const SOURCES = {
  "src/dtos.ts": `
    import type { Format, MinLength, Secret } from "honest";

    /** A new account: who signs up, and how they sign in. */
    export interface Registration {
      email: string & Format<"email">;
      password: Secret<string & Format<"password"> & MinLength<8>>;
    }
    export interface Profile { username: string; bio: string | null }
    export interface Article { slug: string; title: string }
  `,
  "src/articles.controller.ts": `
    import { Controller, Delete, Get, Post, StatusCode } from "honest";
    import type { Json, Path } from "honest";
    import type { Article, Profile, Registration } from "./dtos.js";

    /**
     * Articles and their favourites.
     * @tag Articles
     */
    @Controller({ prefix: "/articles" })
    export class ArticleController {
      /**
       * One article by its \`slug\`, as **readers** see it.
       *
       * Drafts are not found.
       * @operationId GetArticle
       * @param slug - the article's slug, as in its URL
       */
      @Get("/{slug}")
      async get(slug: Path<string>): Promise<Json<Article>> {
        return { slug, title: slug };
      }

      /**
       * Marks an article as a favourite.
       * @operationId CreateArticleFavorite
       * @tag Favorites
       * @tag Articles
       */
      @Post("/{slug}/favorite")
      async favorite(slug: Path<string>): Promise<Json<Article>> {
        return { slug, title: slug };
      }

      @Delete("/{slug}")
      async remove(slug: Path<string>): Promise<typeof StatusCode.NO_CONTENT> {
        return StatusCode.NO_CONTENT;
      }
    }

    /** @tag Articles */
    @Controller({ prefix: "/profiles" })
    export class ProfileController {
      /**
       * Follows a user.
       * @param username the user to follow
       * @param body who follows, and why
       */
      @Post("/{username}/follow")
      async follow(username: Path<string>, body: Json<{ reason?: string }>): Promise<Json<Profile>> {
        return { username, bio: body.reason ?? null };
      }
    }

    @Controller()
    export class UserController {
      /** Registers a new user. */
      @Post("/users")
      async register(registration: Json<Registration>): Promise<Json<Profile, 201>> {
        return { username: registration.email, bio: null };
      }
    }
  `,
};

const INFO = {
  title: "Conduit API",
  version: "1.0.0",
  summary: "Medium.com clone",
  description: "Conduit API documentation",
  termsOfService: "https://example.com/terms",
  license: "MIT",
  contact: { name: "RealWorld", url: "https://realworld.how", email: "realworld@example.com" },
};

function build(name: string, files: Record<string, string>) {
  const file = path.resolve(import.meta.dirname, `../.out/${name}-openapi.json`);
  rmSync(file, { force: true });
  const compiled = compileFixture(name, files, {}, { plugin: { openapi: { file, ...INFO } } });
  return { compiled, file };
}

let document: Doc;

beforeAll(() => {
  const { compiled, file } = build("openapi-names", SOURCES);
  expect(compiled.diagnostics).toEqual([]);
  document = JSON.parse(readFileSync(file, "utf8"));
});

describe("operation ids and tags", () => {
  it("takes the operationId from @operationId, and keeps Class_method without one", () => {
    expect(document.paths["/articles/{slug}"].get.operationId).toBe("GetArticle");
    expect(document.paths["/articles/{slug}/favorite"].post.operationId).toBe("CreateArticleFavorite");
    expect(document.paths["/articles/{slug}"].delete.operationId).toBe("ArticleController_remove");
    expect(document.paths["/users"].post.operationId).toBe("UserController_register");
  });

  it("tags operations with the handler's @tags, else the controller's @tag, else the controller's name; lists each tag once", () => {
    expect(document.paths["/articles/{slug}"].get.tags).toEqual(["Articles"]);
    expect(document.paths["/articles/{slug}/favorite"].post.tags).toEqual(["Favorites", "Articles"]);
    expect(document.paths["/profiles/{username}/follow"].post.tags).toEqual(["Articles"]);
    expect(document.paths["/users"].post.tags).toEqual(["UserController"]);
    // Two controllers share "Articles": the one with a description describes it.
    expect(document.tags).toEqual([
      { name: "Articles", description: "Articles and their favourites." },
      { name: "Favorites" },
      { name: "UserController" },
    ]);
  });

  it("is an error, at the handler, for an @operationId that another operation has, or that is not one word", () => {
    const files = {
      "src/clash.controller.ts": `
        import { Controller, Get } from "honest";
        import type { Json } from "honest";
        @Controller()
        export class FirstController {
          /** @operationId ListThings */
          @Get("/first")
          async list(): Promise<Json<string[]>> { return []; }
        }
        @Controller()
        export class SecondController {
          /** @operationId FirstController_list */
          @Get("/second")
          async other(): Promise<Json<string[]>> { return []; }

          /** @operationId ListThings */
          @Get("/third")
          async list(): Promise<Json<string[]>> { return []; }

          /** @operationId list things */
          @Get("/fourth")
          async spaced(): Promise<Json<string[]>> { return []; }
        }
      `,
    };
    // FirstController_list is free: FirstController.list has an id of its own.
    const { compiled } = build("openapi-operation-ids", files);
    expect(compiled.diagnostics.map(({ file, line, code, message }) => ({ file, line, code, message }))).toEqual([
      {
        file: "src/clash.controller.ts",
        line: 22,
        code: HonestCode.OperationDocTag,
        message:
          "GET /fourth (SecondController.spaced): '@operationId list things' is not an operation id: write one word without spaces after it, as in @operationId createArticle.",
      },
      {
        file: "src/clash.controller.ts",
        line: 18,
        code: HonestCode.OperationDocTag,
        message:
          "GET /third (SecondController.list) has the operationId 'ListThings', which GET /first (FirstController.list) has already; an OpenAPI document names each operation once, so give one of them another with @operationId.",
      },
    ]);
  });
});

describe("descriptions", () => {
  it("describes path placeholders with the handler's @param tags", () => {
    expect(document.paths["/articles/{slug}"].get.parameters).toEqual([
      { name: "slug", in: "path", description: "the article's slug, as in its URL", required: true, schema: { type: "string" } },
    ]);
    expect(document.paths["/profiles/{username}/follow"].post.parameters[0].description).toBe("the user to follow");
    expect(document.paths["/articles/{slug}"].delete.parameters[0]).not.toHaveProperty("description");
  });

  it("describes a request body with the handler's @param for it, else with the summary of its type's doc comment", () => {
    expect(document.paths["/profiles/{username}/follow"].post.requestBody.description).toBe("who follows, and why");
    expect(document.paths["/users"].post.requestBody.description).toBe("A new account: who signs up, and how they sign in.");
  });

  it("writes summaries as plain text, as OpenAPI defines them, and keeps Markdown in descriptions", () => {
    expect(document.paths["/articles/{slug}"].get.summary).toBe("One article by its slug, as readers see it.");
    expect(document.paths["/articles/{slug}"].get.description).toBe("Drafts are not found.");
  });

  it('marks Format<"password"> as a password, which any string is, and a Secret<T> only requests carry writeOnly', () => {
    expect(document.components.schemas.Registration.properties.password).toEqual({
      type: "string",
      minLength: 8,
      format: "password",
      writeOnly: true,
    });
  });

  it("takes info's summary, terms of service, license and contact from the plugin option", () => {
    expect(document.info).toEqual({
      title: "Conduit API",
      version: "1.0.0",
      summary: "Medium.com clone",
      description: "Conduit API documentation",
      termsOfService: "https://example.com/terms",
      contact: { name: "RealWorld", url: "https://realworld.how", email: "realworld@example.com" },
      license: { name: "MIT", identifier: "MIT" },
    });
  });

  it("is an error, with what to write, for a contact that is not an object of name, url and email", () => {
    const file = path.resolve(import.meta.dirname, "../.out/openapi-bad-contact-openapi.json");
    const compiled = compileFixture("openapi-bad-contact", SOURCES, {}, { plugin: { openapi: { file, contact: { phone: "123" } } } });
    expect(compiled.diagnostics.map(({ code, message }) => ({ code, message }))).toEqual([
      {
        code: HonestCode.PluginOptions,
        message: expect.stringContaining(
          `the honest plugin's "openapi" option has "contact": {"phone":"123"}; write "openapi": "openapi.json"`,
        ),
      },
    ]);
  });
});
