import { describe } from "vitest";
import { HonestCode } from "../support/honest-codes.js";
import { controllerDiagnostics, honestError as error, itReports } from "../support/controller-diagnostics.js";

// docs/reference/diagnostics.md, "Compile-time diagnostics": Query<T>, Header<T> and Cookie<T>
// whose T cannot be read from text fail the build at the parameter or the
// property to change, once however many routes use the type.

const diagnosticsOf = controllerDiagnostics({
  prefix: "input-diagnostics",
  header: `import { Controller, Get } from "honest";
import type { Cookie, Header, Json, Query } from "honest";
`,
});

describe("Query<T>, Header<T> and Cookie<T> diagnostics", () => {
  itReports(diagnosticsOf, [
    {
      title: "reports a T that is not an object type",
      name: "not-object",
      source: `
@Controller()
export class SearchController {
  @Get("/search")
  async search(q: Query<string>): Promise<Json<string>> { return q; }
  @Get("/list")
  async list(q: Query<string[]>, h: Header<Record<string, string>>): Promise<Json<string>> { return ""; }
}`,
      errors: [
        error(
          7,
          HonestCode.InputNotObject,
          "GET /search (SearchController.search): Query<string> needs an object type for T: 'string' is not one; declare each key as a property, as in Query<{ limit?: number }>.",
        ),
        error(
          9,
          HonestCode.InputNotObject,
          "GET /list (SearchController.list): Query<string[]> needs an object type for T: 'string[]' is not one; declare each key as a property, as in Query<{ limit?: number }>.",
        ),
        error(
          9,
          HonestCode.InputNotObject,
          "GET /list (SearchController.list): Header<Record<string, string>> needs an object type for T: 'Record<string, string>' is not one; declare each header as a property, as in Header<{ authorization: Secret<string> }>.",
        ),
      ],
    },
    {
      title: "reports a property that cannot be read from text once, at its declaration, naming it",
      name: "property-type",
      source: `
import type { Filter } from "./filter.js";
@Controller()
export class SearchController {
  @Get("/search")
  async search(q: Query<Filter>): Promise<Json<string>> { return ""; }
  @Get("/again")
  async again(q: Query<Filter>): Promise<Json<string>> { return ""; }
  @Get("/cookie")
  async cookie(k: Cookie<{ session: string | null }>): Promise<Json<string>> { return ""; }
}`,
      extraFiles: {
        "src/filter.ts": `export interface Filter {\n  q?: string;\n  since: Map<string, string>;\n  range?: { from: number };\n}\n`,
      },
      errors: [
        error(
          3,
          HonestCode.UnsupportedInputType,
          "GET /search (SearchController.search): Query<Filter>: property 'since' of type 'Map<string, string>' cannot be read from the query string; declare it string, number, i64, bigint, boolean, Date, a union of string or number literals, an enum, or an array of one of these.",
          "src/filter.ts",
        ),
        error(
          4,
          HonestCode.UnsupportedInputType,
          "GET /search (SearchController.search): Query<Filter>: property 'range' of type '{ from: number; } | undefined' cannot be read from the query string; declare it string, number, i64, bigint, boolean, Date, a union of string or number literals, an enum, or an array of one of these.",
          "src/filter.ts",
        ),
        error(
          12,
          HonestCode.UnsupportedInputType,
          "GET /cookie (SearchController.cookie): Cookie<{ session: string | null }>: property 'session' of type 'string | null' cannot be read from a cookie; declare it string, number, i64, bigint, boolean, Date, a union of string or number literals, an enum, or an array of one of these.",
        ),
      ],
    },
    {
      title: "reports a header name that is not lower-case",
      name: "header-case",
      source: `
@Controller()
export class WhoController {
  @Get("/who")
  async who(h: Header<{
    Authorization: string;
  }>): Promise<Json<string>> { return ""; }
}`,
      errors: [
        error(
          8,
          HonestCode.HeaderNameCase,
          "GET /who (WhoController.who): Header<{\n    Authorization: string;\n  }>: header name 'Authorization' must be written in lower case, 'authorization': header names are case-insensitive and arrive lower-case.",
        ),
      ],
    },
    {
      title: "reports a second Query<T> parameter",
      name: "two-queries",
      source: `
@Controller()
export class SearchController {
  @Get("/search")
  async search(a: Query<{ q?: string }>, b: Query<{ page?: number }>): Promise<Json<string>> { return ""; }
}`,
      errors: [
        error(
          7,
          HonestCode.SeveralInputParameters,
          "GET /search (SearchController.search): a handler takes at most one Query<T> parameter; declare every key it reads as a property of one type.",
        ),
      ],
    },
  ]);
});
