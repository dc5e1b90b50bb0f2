import type { Hono } from "hono";
import { beforeAll, describe, expect, it } from "vitest";
import { compileFixture, type Compiled } from "../support/compile.js";
import { HonestCode } from "../support/honest-codes.js";
import { problemOf } from "../support/example.js";
import { serveDuringBlock } from "../support/http.js";

// docs/guide/json-bodies-and-responses.md, "JSON bodies and responses": Json<T, S> sends T with status S;
// Promise<Response> sends the Response the handler built, alone or in a
// union; c.status() is honoured where the return type leaves the status
// open, and refused at compile time where the return type decides it.

type CreateApp = (options?: Record<string, unknown>) => Hono;

let compiled: Compiled;
let app: Hono;

beforeAll(async () => {
  compiled = compileFixture("response-statuses", {
    "src/controller.ts": `
      import { Controller, Get, Post, StatusCode } from "honest";
      import type { Json, Path } from "honest";
      import type { Context } from "hono";

      interface Article { slug: string }

      @Controller()
      export class ArticleController {
        @Post("/articles")
        async create(body: Json<{ title: string }>): Promise<Json<Article, 201>> {
          return { slug: body.title.toLowerCase(), internal: "dropped by the writer" } as Article;
        }

        @Post("/accepted")
        async accepted(c: Context): Promise<Json<{ queued: boolean }>> {
          c.status(202);
          c.header("x-queue", "jobs");
          return { queued: true };
        }

        @Get("/files/{name}")
        async file(name: Path<string>, c: Context): Promise<Response> {
          return c.text(\`contents of \${name}\`, 200, { "content-type": "text/plain; charset=utf-8" });
        }

        @Get("/old")
        async old(): Promise<Response> {
          return Response.redirect("https://example.com/new", 308);
        }

        @Get("/either/{which}")
        async either(which: Path<"json" | "status" | "response">): Promise<Json<{ which: string }, 200> | StatusCode | Response> {
          if (which === "status") return StatusCode.NO_CONTENT;
          if (which === "response") return new Response("built by hand", { status: 418 });
          return { which };
        }

        @Post("/articles/{slug}/archive")
        async archive(slug: Path<string>, c: Context): Promise<typeof StatusCode.NO_CONTENT> {
          c.header("x-archived", slug);
          return StatusCode.NO_CONTENT;
        }

        @Post("/jobs/{kind}")
        async job(kind: Path<"now" | "later">): Promise<201 | typeof StatusCode.ACCEPTED> {
          return kind === "now" ? 201 : StatusCode.ACCEPTED;
        }

        @Get("/not-a-response")
        async notAResponse(): Promise<Response> {
          return "text" as unknown as Response;
        }
      }
    `,
    "src/app.ts": `
      import { createApp } from "honest";
      export const build = (options: Parameters<typeof createApp>[0] = {}) => createApp({ log: false, ...options });
    `,
  });
  expect(compiled.diagnostics).toEqual([]);
  app = (await compiled.load<{ build: CreateApp }>("src/app.ts")).build();
});

describe("Json<T, S>", () => {
  it("sends T with status S, written by T's writer", async () => {
    const response = await app.request("/articles", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: '{"title":"Hello"}',
    });
    expect(response.status).toBe(201);
    expect(response.headers.get("content-type")).toBe("application/json");
    expect(await response.text()).toBe('{"slug":"hello"}');
  });

  it("Json<T> honours c.status() and c.header()", async () => {
    const response = await app.request("/accepted", { method: "POST" });
    expect(response.status).toBe(202);
    expect(response.headers.get("x-queue")).toBe("jobs");
    expect(await response.json()).toEqual({ queued: true });
  });
});

describe("Promise<Response>", () => {
  it("sends the Response the handler built, as it is", async () => {
    const file = await app.request("/files/readme.txt");
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(await file.text()).toBe("contents of readme.txt");
    const moved = await app.request("/old");
    expect(moved.status).toBe(308);
    expect(moved.headers.get("location")).toBe("https://example.com/new");
  });

  it("in a union with Json<T> and StatusCode, each answer as its type says", async () => {
    expect(await (await app.request("/either/json")).json()).toEqual({ which: "json" });
    expect((await app.request("/either/status")).status).toBe(204);
    const built = await app.request("/either/response");
    expect(built.status).toBe(418);
    expect(await built.text()).toBe("built by hand");
  });

  it("anything else where a Response was promised is a 500, logged", async () => {
    const errors: unknown[][] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => void errors.push(args);
    try {
      const response = await app.request("/not-a-response");
      expect(response.status).toBe(500);
      expect((await problemOf(response)).detail).toBe("the server failed to complete the request");
    } finally {
      console.error = original;
    }
    expect(String(errors[0]?.[1])).toContain("the handler returned string where its return type promises a Response");
  });
});

describe("an exact status without a body", () => {
  it("Promise<typeof StatusCode.NO_CONTENT> answers 204 without a body, with the handler's headers", async () => {
    const response = await app.request("/articles/hello/archive", { method: "POST" });
    expect(response.status).toBe(204);
    expect(response.headers.get("x-archived")).toBe("hello");
    expect(await response.text()).toBe("");
  });

  it("a union of exact statuses answers the one returned", async () => {
    expect((await app.request("/jobs/now", { method: "POST" })).status).toBe(201);
    expect((await app.request("/jobs/later", { method: "POST" })).status).toBe(202);
  });
});

describe("over a real socket", () => {
  const server = serveDuringBlock(() => app);

  it("a 201 with a body, and a Response built by the handler", async () => {
    const created = await fetch(`${server.base()}/articles`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: '{"title":"A"}',
    });
    expect(created.status).toBe(201);
    expect(await created.json()).toEqual({ slug: "a" });
    const moved = await fetch(`${server.base()}/old`, { redirect: "manual" });
    expect(moved.status).toBe(308);
  });
});

describe("diagnostics", () => {
  it("c.status() where the return type decides the status, and a Json status without a body", () => {
    const broken = compileFixture("response-statuses-diagnostics", {
      "src/broken.ts": `
        import { Controller, Get, Post, StatusCode } from "honest";
        import type { Json } from "honest";
        import type { Context } from "hono";

        @Controller()
        export class Broken {
          @Post("/a")
          async a(c: Context): Promise<Json<{ ok: boolean }, 200>> {
            c.status(201);
            return { ok: true };
          }

          @Post("/b")
          async b(c: Context): Promise<StatusCode> {
            c.status(202);
            return StatusCode.CREATED;
          }

          @Get("/c")
          async c(): Promise<Json<{ ok: boolean }, 204>> { return { ok: true }; }

          @Post("/d")
          async d(c: Context): Promise<204> {
            c.status(202);
            return 204;
          }

          @Get("/e")
          async e(): Promise<typeof StatusCode.CONTINUE> { return StatusCode.CONTINUE; }

          @Get("/f")
          async f(): Promise<204> {
            return 200;
          }
        }
      `,
    });
    expect(broken.diagnostics.map(({ file, line, code, message }) => ({ file, line, code, message }))).toEqual([
      // TypeScript itself holds the handler to the status it declares.
      { file: "src/broken.ts", line: 34, code: 2322, message: "Type '200' is not assignable to type '204'." },
      {
        file: "src/broken.ts",
        line: 10,
        code: HonestCode.ReturnType,
        message:
          "POST /a (Broken.a): the handler calls c.status(201), but its return type decides the status, so the call would be ignored; declare the status in the return type instead, as Promise<Json<T, 201>>, or return a StatusCode.",
      },
      {
        file: "src/broken.ts",
        line: 16,
        code: HonestCode.ReturnType,
        message:
          "POST /b (Broken.b): the handler calls c.status(202), but its return type decides the status, so the call would be ignored; declare the status in the return type instead, as Promise<Json<T, 201>>, or return a StatusCode.",
      },
      {
        file: "src/broken.ts",
        line: 21,
        code: HonestCode.ReturnType,
        message:
          "GET /c (Broken.c): the handler declares Json<T, 204>, but the status of a JSON answer must be one number from 200 to 599 that allows a body (not 204, 205 or 304), as in Json<T, 201>.",
      },
      {
        file: "src/broken.ts",
        line: 25,
        code: HonestCode.ReturnType,
        message:
          "POST /d (Broken.d): the handler calls c.status(202), but its return type decides the status, so the call would be ignored; declare the status in the return type instead, as Promise<Json<T, 201>>, or return a StatusCode.",
      },
      {
        file: "src/broken.ts",
        line: 30,
        code: HonestCode.ReturnType,
        message:
          "GET /e (Broken.e): the handler declares the status typeof StatusCode.CONTINUE, but a status it returns must be a whole number from 200 to 599, as in Promise<204>.",
      },
    ]);
  });
});
