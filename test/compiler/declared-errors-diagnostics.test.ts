import { describe, expect, it } from "vitest";
import { compiledController, controllerDiagnostics, honestError as error, itReports } from "../support/controller-diagnostics.js";
import { build } from "../support/error-format-fixture.js";
import { HonestCode } from "../support/honest-codes.js";

// docs/guide/errors.md, "Errors a route declares": an error a return type cannot declare is error TS991045 where it
// is written, saying what to write instead, in the build, in the editor and in `honest check`.

const header = `import { Controller, Get, HttpError, StatusCode } from "honest";
import type { i64, Json, Path } from "honest";
`;

const diagnosticsOf = controllerDiagnostics({ prefix: "declared-errors", header });

/** A controller whose one route declares `returns`. */
const route = (returns: string, body = "throw new HttpError(StatusCode.NOT_FOUND);") => `
@Controller()
export class ItemController {
  @Get("/items/{id}")
  async get(id: Path<i64>): Promise<${returns}> { ${body} }
}`;

const LABEL = "GET /items/{id} (ItemController.get)";

describe("errors a route's return type cannot declare", () => {
  itReports(diagnosticsOf, [
    {
      title: "an HttpError without its status",
      name: "no-status",
      source: route("Json<string> | HttpError"),
      errors: [
        error(
          7,
          HonestCode.DeclaredError,
          `${LABEL}: the handler declares HttpError without its status, so neither the OpenAPI document nor the client knows which error it is: ` +
            "declare each error answer with its status, as in Promise<Json<Item> | HttpError<404>>.",
        ),
      ],
    },
    {
      title: "an HttpError whose status is not an error's",
      name: "success-status",
      source: route("Json<string> | HttpError<200>"),
      errors: [
        error(
          7,
          HonestCode.DeclaredError,
          `${LABEL}: the handler declares HttpError<200>, but the status of an error answer must be one number from 400 to 599, ` +
            "as in HttpError<404> or HttpError<typeof StatusCode.NOT_FOUND>; for several, write HttpError<404> | HttpError<409>.",
        ),
      ],
    },
    {
      title: "an HttpError of several statuses at once",
      name: "several-statuses",
      source: route("Json<string> | HttpError<404 | 409>"),
      errors: [
        error(
          7,
          HonestCode.DeclaredError,
          `${LABEL}: the handler declares HttpError<404 | 409>, but the status of an error answer must be one number from 400 to 599, ` +
            "as in HttpError<404> or HttpError<typeof StatusCode.NOT_FOUND>; for several, write HttpError<404> | HttpError<409>.",
        ),
      ],
    },
    {
      title: "a status declared with a body and without one",
      name: "twice",
      source: route("Json<string> | HttpError<404> | typeof StatusCode.NOT_FOUND"),
      errors: [
        error(
          7,
          HonestCode.DeclaredError,
          `${LABEL}: the handler declares the error 404 twice; declare it once: HttpError<404> for a problem document, ` +
            "or the bare status 404 for an answer without a body.",
        ),
      ],
    },
    {
      title: "a status both a JSON answer and an error",
      name: "also-success",
      source: route("Json<string, 404> | HttpError<404>"),
      errors: [
        error(
          7,
          HonestCode.DeclaredError,
          `${LABEL}: the handler declares 404 both as a JSON answer (Json<T, 404>) and as an error answer; ` +
            "keep one: Json<T, 404> if its body is the route's own, or HttpError<404> for the app's error format.",
        ),
      ],
    },
    {
      title: "extensions with an i64, which the problem document cannot write exactly",
      name: "extensions-i64",
      source: route("Json<string> | HttpError<409, { count: i64 }>"),
      errors: [
        error(
          7,
          HonestCode.DeclaredError,
          `${LABEL}: the handler declares HttpError<S, { count: i64 }>, but the problem document's extra members must be an object type ` +
            "of JSON values without i64 or Date (they are written as they are), as in HttpError<409, { field: string }>.",
        ),
      ],
    },
  ]);
});

describe("TypeScript holds a handler to the errors it declares", () => {
  it("returning an HttpError of a status the return type does not declare is TypeScript's error; throwing one is not", () => {
    const { diagnostics } = compiledController(
      { prefix: "declared-errors", header },
      "undeclared-return",
      route(
        "Json<string> | HttpError<404>",
        'if (id === 1n) throw new HttpError(StatusCode.GONE); return new HttpError(StatusCode.CONFLICT, "taken");',
      ),
    );
    expect(diagnostics.map(({ line, code }) => ({ line, code }))).toEqual([{ line: 7, code: 2322 }]);
    expect(diagnostics[0]!.message).toContain(
      "'HttpError<409, Record<string, unknown>>' is not assignable to type 'string | HttpError<404, Record<string, unknown>>'",
    );
  });
});

describe("an error format's entry without a body", () => {
  it("whose status is not an error's is TS991045 at its result", () => {
    const { compiled } = build(
      "declared-errors-format-status",
      `
        import { createApp } from "honest";
        export const app = createApp({
          renderError: { 401: (): 200 => 200 },
        });
      `,
    );
    expect(compiled.diagnostics.map(({ file, line, code, message }) => ({ file, line, code, message }))).toEqual([
      {
        file: "src/app.ts",
        line: 4,
        code: HonestCode.DeclaredError,
        message:
          "renderError's entry 401 declares the status 200, but an answer without a body must be an error status, " +
          "one number from 400 to 599, as in 401: (): 401 => 401.",
      },
    ]);
  });
});
