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
          "honest cannot read renderError's entries in '...entries' where createApp() is called, so it can neither write nor document " +
          "their bodies: write the entries in the call, as in createApp({ renderError: { 400: (problem): Json<ErrorBody, 422> => ({ ... }) } }), " +
          "or in a constant the call names, initialised with them there (const errors = { 400: ... }); " +
          "a renderError that builds its own Responses is a function, (problem, c) => Response.",
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

  // The RealWorld run's renderError: a function held in a constant typed AppOptions["renderError"], given as a
  // shorthand property, was refused as if it were entries honest could not read.
  it.each([
    [
      "a typed constant given as a shorthand property",
      `const renderError: AppOptions["renderError"] = (problem) => Response.json({ errors: { body: [problem.detail] } }, { status: problem.status });
       export const app = createApp({ renderError });`,
      {},
    ],
    [
      "a typed constant named by the property",
      `const asRealWorld: AppOptions["renderError"] = (problem) => Response.json({ errors: { body: [problem.detail] } }, { status: problem.status });
       export const app = createApp({ renderError: asRealWorld });`,
      {},
    ],
    [
      "a typed constant imported from another module, given as a shorthand property",
      `import { renderError } from "./render-error.js";
       export const app = createApp({ renderError });`,
      {
        "src/render-error.ts": `
          import type { AppOptions } from "honest";
          export const renderError: AppOptions["renderError"] = (problem) =>
            Response.json({ errors: { body: [problem.detail] } }, { status: problem.status });
        `,
      },
    ],
    [
      "a function declaration given as a shorthand property",
      `function renderError(problem: Problem): Response {
         return Response.json({ errors: { body: [problem.detail] } }, { status: problem.status });
       }
       export const app = createApp({ renderError });`,
      {},
    ],
    [
      "options built elsewhere, typed AppOptions",
      `const options: AppOptions = { log: false, renderError: (problem) => Response.json({ errors: { body: [problem.detail] } }) };
       export const app = createApp(options);`,
      {},
    ],
    [
      "a parameter typed ErrorRenderer",
      `export const appWith = (renderError: ErrorRenderer) => createApp({ renderError });
       export const app = appWith(() => undefined);`,
      {},
    ],
  ])("a function renderError as %s is no format, and no error", (_case, app, extra) => {
    const { compiled, document } = build(
      `error-format-function-${_case.replace(/\W+/g, "-")}`,
      `import { createApp } from "honest";
       import type { AppOptions, ErrorRenderer, Problem } from "honest";
       ${app}`,
      extra,
    );
    expect(compiled.diagnostics).toEqual([]);
    expect(document().paths["/articles"].post.responses["400"]).toEqual({ $ref: "#/components/responses/BadRequest" });
  });

  it("entries in a constant given as a shorthand property are read as written there", () => {
    const { compiled, document } = build(
      "error-format-shorthand-entries",
      `import { createApp } from "honest";
       import type { Json, Problem } from "honest";
       import type { GenericErrorModel } from "./dtos.js";
       const renderError = { 400: (problem: Problem): Json<GenericErrorModel, 422> => ({ errors: { body: [problem.detail] } }) };
       export const app = createApp({ renderError });`,
    );
    expect(compiled.diagnostics).toEqual([]);
    const responses = document().paths["/articles"].post.responses;
    expect(responses["400"]).toBeUndefined();
    expect(responses["422"].content["application/json"].schema).toEqual({ $ref: "#/components/schemas/GenericErrorModel" });
  });

  it("entries honest cannot read, in options built elsewhere", () => {
    const { compiled } = build(
      "error-format-options-elsewhere",
      `import { createApp } from "honest";
       import type { Json, Problem } from "honest";
       import type { GenericErrorModel } from "./dtos.js";
       const options = { renderError: { 400: (problem: Problem): Json<GenericErrorModel, 422> => ({ errors: { body: [problem.detail] } }) } };
       export const app = createApp(options);`,
    );
    expect(compiled.diagnostics.map(({ file, line, code, message }) => ({ file, line, code, message }))).toEqual([
      {
        file: "src/app.ts",
        line: 5,
        code: HonestCode.ErrorFormat,
        message:
          "honest cannot read renderError's entries in 'options' where createApp() is called, so it can neither write nor document " +
          "their bodies: write the entries in the call, as in createApp({ renderError: { 400: (problem): Json<ErrorBody, 422> => ({ ... }) } }), " +
          "or in a constant the call names, initialised with them there (const errors = { 400: ... }); " +
          "a renderError that builds its own Responses is a function, (problem, c) => Response.",
      },
    ]);
  });

  it("entries honest cannot read, in a constant it cannot see into", () => {
    const diagnostics = diagnosticsOf(
      "error-format-opaque-constant",
      "errors",
      `import type { ErrorFormat } from "honest";
       declare function loadFormat(): ErrorFormat;
       const errors: ErrorFormat = loadFormat();`,
    );
    expect(diagnostics).toEqual([
      {
        file: "src/app.ts",
        line: 9,
        code: HonestCode.ErrorFormat,
        message:
          "honest cannot read renderError's entries in 'errors' where createApp() is called, so it can neither write nor document " +
          "their bodies: write the entries in the call, as in createApp({ renderError: { 400: (problem): Json<ErrorBody, 422> => ({ ... }) } }), " +
          "or in a constant the call names, initialised with them there (const errors = { 400: ... }); " +
          "a renderError that builds its own Responses is a function, (problem, c) => Response.",
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
