import { describe } from "vitest";
import { HonestCode } from "../support/honest-codes.js";
import { controllerDiagnostics, honestError as error, itReports } from "../support/controller-diagnostics.js";

// docs/reference/diagnostics.md, "Compile-time diagnostics" and "Forms and file uploads": a Form<T>
// on a GET or DELETE, beside a Json<T>, twice, or with a property that is
// neither text nor a File fails the build at the parameter or property.

const diagnosticsOf = controllerDiagnostics({
  prefix: "form-diagnostics",
  header: `import { Controller, Delete, Get, Post } from "honest";
import type { Form, Json, Query } from "honest";
`,
});

describe("Form<T> diagnostics", () => {
  itReports(diagnosticsOf, [
    {
      title: "refuses a Form<T> on a GET or a DELETE",
      name: "bodiless",
      source: `
@Controller()
export class SearchController {
  @Get("/search")
  async search(form: Form<{ q: string }>): Promise<Json<string>> { return form.q; }
  @Delete("/items")
  async remove(form: Form<{ id: string }>): Promise<Json<string>> { return form.id; }
}`,
      errors: [
        error(
          7,
          HonestCode.FormOnBodilessMethod,
          `GET /search (SearchController.search): a GET request has no body, and a browser sends a form with method="get" in the query string; read its fields with Query<T>, or make the route a POST.`,
        ),
        error(
          9,
          HonestCode.FormOnBodilessMethod,
          `DELETE /items (SearchController.remove): a DELETE request has no body, and a browser sends a form with method="get" in the query string; read its fields with Query<T>, or make the route a POST.`,
        ),
      ],
    },
    {
      title: "refuses two bodies, Json<T> and Form<T> in either order, and two Form<T>",
      name: "two-bodies",
      source: `
@Controller()
export class UploadController {
  @Post("/a")
  async a(form: Form<{ q: string }>, body: Json<{ q: string }>): Promise<Json<string>> { return form.q; }
  @Post("/b")
  async b(body: Json<{ q: string }>, form: Form<{ q: string }>): Promise<Json<string>> { return form.q; }
  @Post("/c")
  async c(form: Form<{ q: string }>, other: Form<{ r: string }>): Promise<Json<string>> { return form.q; }
}`,
      errors: [
        error(
          7,
          HonestCode.SeveralBodies,
          "POST /a (UploadController.a): a handler takes one request body, Json<T> or Form<T>, and this one already has a Form<T> parameter; keep one.",
        ),
        error(
          9,
          HonestCode.SeveralBodies,
          "POST /b (UploadController.b): a handler takes one request body, Json<T> or Form<T>, and this one already has a Json<T> parameter; keep one.",
        ),
        error(
          11,
          HonestCode.SeveralInputParameters,
          "POST /c (UploadController.c): a handler takes at most one Form<T> parameter; declare every field it reads as a property of one type.",
        ),
      ],
    },
    {
      title: "refuses a property that is neither text nor a File, naming it, and a File outside a form",
      name: "property-type",
      source: `
interface Upload {
  title: string;
  meta: { size: number };
}
@Controller()
export class UploadController {
  @Post("/a")
  async a(form: Form<Upload>): Promise<Json<string>> { return form.title; }
  @Post("/b")
  async b(q: Query<{ file: File }>): Promise<Json<string>> { return ""; }
  @Post("/c")
  async c(form: Form<string>): Promise<Json<string>> { return form; }
}`,
      errors: [
        error(
          6,
          HonestCode.UnsupportedInputType,
          "POST /a (UploadController.a): Form<Upload>: property 'meta' of type '{ size: number; }' cannot be read from a form field; declare it string, number, i64, bigint, boolean, Date, a union of string or number literals, an enum, File, or an array of one of these.",
        ),
        error(
          13,
          HonestCode.UnsupportedInputType,
          "POST /b (UploadController.b): Query<{ file: File }>: property 'file' of type 'File' cannot be read from the query string; declare it string, number, i64, bigint, boolean, Date, a union of string or number literals, an enum, or an array of one of these.",
        ),
        error(
          15,
          HonestCode.InputNotObject,
          "POST /c (UploadController.c): Form<string> needs an object type for T: 'string' is not one; declare each field as a property, as in Form<{ limit?: number }>.",
        ),
      ],
    },
  ]);
});
