import { describe } from "vitest";
import { HonestCode } from "../support/honest-codes.js";
import { controllerDiagnostics, honestError as error, itReports } from "../support/controller-diagnostics.js";

// docs/reference/diagnostics.md, "Compile-time diagnostics" (TS991048): paging honest cannot follow fails the build
// at what to change (docs/guide/pages.md, "Mistakes the build reports").

const diagnosticsOf = controllerDiagnostics({
  prefix: "paging-diagnostics",
  header: `import { Controller, Get, Post } from "honest";
import type { CursorPaging, Json, OffsetPaging, Paged, Query } from "honest";
interface Row { name: string }
`,
});

const noPaging =
  "Paged<Row> answers one page, and the route's Query<T> declares no paging; intersect its type with OffsetPaging or CursorPaging, " +
  "as in Query<ItemFilter & OffsetPaging>, so that honest knows the keys its Link headers change.";

describe("paging diagnostics", () => {
  itReports(diagnosticsOf, [
    {
      title: "reports a Paged<T> without paging in its Query<T>, on a route other than GET, or beside other answers",
      name: "answer",
      source: `
@Controller()
export class RowController {
  @Get("/a")
  async a({ tag }: Query<{ tag?: string }>): Promise<Paged<Row>> { return { items: [{ name: tag ?? "" }] }; }
  @Get("/b")
  async b(): Promise<Paged<Row>> { return { items: [] }; }
  @Post("/c")
  async c({ limit }: Query<OffsetPaging>): Promise<Paged<Row>> { return { items: [], total: limit }; }
  @Get("/d")
  async d({ limit }: Query<OffsetPaging>): Promise<Paged<Row> | Response> { return { items: [], total: limit }; }
}`,
      errors: [
        error(8, HonestCode.Paging, `GET /a (RowController.a): ${noPaging}`),
        error(10, HonestCode.Paging, `GET /b (RowController.b): ${noPaging}`),
        error(
          12,
          HonestCode.Paging,
          "POST /c (RowController.c): Paged<Row> pages a POST route, and a client follows a page's Link headers with GET requests; declare the route with @Get.",
        ),
        error(
          14,
          HonestCode.Paging,
          "GET /d (RowController.d): Paged<Row> is the route's whole answer, a plain array with Link headers, and cannot be one member of Paged<Row> | Response; answer the other cases by throwing an HttpError.",
        ),
      ],
    },
    {
      title: "reports both pagings in one query, a default limit or offset the paging refuses, and a Max that is no literal",
      name: "query",
      source: `
@Controller()
export class RowController {
  @Get("/a")
  async a({ limit }: Query<OffsetPaging & CursorPaging>): Promise<Paged<Row>> { return { items: [], total: limit }; }
  @Get("/b")
  async b({ limit = 500 }: Query<OffsetPaging>): Promise<Paged<Row>> { return { items: [], total: limit }; }
  @Get("/c")
  async c({ offset = -1 }: Query<{ tag?: string } & OffsetPaging<10>>): Promise<Paged<Row>> { return { items: [], total: offset }; }
  @Get("/d")
  async d({ limit }: Query<CursorPaging<number>>): Promise<Paged<Row>> { return { items: [], total: limit }; }
  @Get("/e")
  async e({ limit = 0 }: Query<CursorPaging<10>>): Promise<Json<Row[]>> { return [{ name: String(limit) }]; }
}`,
      errors: [
        error(
          8,
          HonestCode.Paging,
          "GET /a (RowController.a): its Query<T> declares both OffsetPaging and CursorPaging; a route pages one way: keep one.",
        ),
        error(
          10,
          HonestCode.Paging,
          "GET /b (RowController.b): the default limit = 500 is one the paging refuses, so every request without limit would be a 400; write a whole number from 1 to 100.",
        ),
        error(
          12,
          HonestCode.Paging,
          "GET /c (RowController.c): the default offset = -1 is one the paging refuses, so every request without offset would be a 400; write a whole number from 0.",
        ),
        error(
          14,
          HonestCode.Paging,
          "GET /d (RowController.d): CursorPaging<number> needs its largest limit as a whole number literal, 1 or more, as in CursorPaging<50>.",
        ),
        error(
          16,
          HonestCode.Paging,
          "GET /e (RowController.e): the default limit = 0 is one the paging refuses, so every request without limit would be a 400; write a whole number from 1 to 10.",
        ),
      ],
    },
  ]);
});
