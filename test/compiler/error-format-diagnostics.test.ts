import { describe, expect, it } from "vitest";
import { build, REALWORLD_APP } from "../support/error-format-fixture.js";
import { HonestCode } from "../support/honest-codes.js";

// docs/guide/errors.md, "An error format the document shows": what is not an error format is error TS991035
// at the entry, with what to write instead, in the build, in the editor and in `honest check`.

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
      { file: "src/app.ts", line: 7, code: HonestCode.ErrorFormat, message },
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
        code: HonestCode.ErrorFormat,
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
        code: HonestCode.ErrorFormat,
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
