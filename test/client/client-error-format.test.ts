import { readFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { build, REALWORLD_APP } from "../support/error-format-fixture.js";

// docs/guide/openapi-and-clients.md, "A client generated with the app": an
// app with its own error format (docs/guide/errors.md, "An error format the
// document shows") gives its client's problems that type, beside honest's
// problem document for the statuses without an entry.

type App = { request(request: Request): Response | Promise<Response> };

describe("a client of an app in RealWorld's error format", () => {
  let text: string;
  let api: any;
  beforeAll(async () => {
    const file = path.resolve("test/.out/client-error-format/client/api.ts");
    const built = build("client-error-format", REALWORLD_APP, {}, { client: file });
    expect(built.compiled.diagnostics).toEqual([]);
    text = readFileSync(file, "utf8");
    const { app } = await built.compiled.load<{ app: App }>("src/app.ts");
    const { createClient } = await import(file);
    api = createClient({ fetch: app.request });
  });

  it("types a problem as the format's body or honest's problem document", () => {
    expect(text).toContain(
      "/** What the app answers with when a call fails. */\nexport type ApiProblem = ProblemDocument | GenericErrorModel;\n",
    );
    expect(text).toContain(
      "/** RealWorld's error body: each fault in words. */\nexport interface GenericErrorModel {\n  errors: { body: string[] };\n}\n",
    );
  });

  it("a resolver's 401 arrives in the format; a 404 without an entry as a problem document", async () => {
    const unauthorized = await api.article.create({ body: { title: "Hello" } });
    expect([unauthorized.ok, unauthorized.status, unauthorized.problem]).toEqual([
      false,
      401,
      { errors: { body: ["missing or wrong token"] } },
    ]);
    const created = await api.article.create({ body: { title: "Hello" } }, { headers: { authorization: "Token good" } });
    expect([created.ok, created.status, created.data]).toEqual([true, 201, { slug: "hello", title: "Hello" }]);
    const gone = await api.article.get({ slug: "gone" });
    expect(gone.problem).toEqual({
      type: "about:blank",
      title: "Not Found",
      status: 404,
      detail: "no article gone",
      requestId: expect.any(String),
    });
  });
});

describe("a client of an app whose error format holds an i64", () => {
  let api: any;
  let text: string;
  beforeAll(async () => {
    const file = path.resolve("test/.out/client-error-format-i64/client/api.ts");
    const app = `
      import { createApp } from "honest";
      import type { Json } from "honest";
      import type { GenericErrorModel, OtherError } from "./dtos.js";
      export const app = createApp({
        log: false,
        renderError: {
          400: (problem): Json<GenericErrorModel, 422> => ({ errors: { body: [problem.detail] } }),
          default: (problem): Json<OtherError> => ({ message: problem.detail, status: problem.status, trace: 9007199254740993n }),
        },
      });
    `;
    const built = build("client-error-format-i64", app, {}, { client: file });
    expect(built.compiled.diagnostics).toEqual([]);
    text = readFileSync(file, "utf8");
    const { createClient } = await import(file);
    api = createClient({ fetch: (await built.compiled.load<{ app: App }>("src/app.ts")).app.request });
  });

  it("a default entry replaces the problem document in the type, and its i64 arrives exact", async () => {
    expect(text).toContain("export type ApiProblem = GenericErrorModel | OtherError;\n");
    const gone = await api.article.get({ slug: "gone" });
    expect([gone.ok, gone.status, gone.problem]).toEqual([
      false,
      404,
      { message: "no article gone", status: 404, trace: 9007199254740993n },
    ]);
  });
});
