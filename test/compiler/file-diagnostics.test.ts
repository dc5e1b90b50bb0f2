import { describe } from "vitest";
import { HonestCode } from "../support/honest-codes.js";
import { controllerDiagnostics, honestError as error, itReports } from "../support/controller-diagnostics.js";

// docs/guide/files.md, "Mistakes the build reports": a file answer's misuse
// is TS991049 at the annotation to change, saying what to write instead: a
// Download among other answers, a Download not promised, a media type that
// is not a literal type/subtype; a status set by hand is TS991007, as for
// every answer whose status the return type decides.

const diagnosticsOf = controllerDiagnostics({
  prefix: "file-diagnostics",
  header: `import { Controller, Get, Post, download } from "honest";
import type { Download, Json } from "honest";
import type { Context } from "hono";
`,
});

describe("file answers", () => {
  itReports(diagnosticsOf, [
    {
      title: "are accepted promised, with one media type, several, or none, and through an alias",
      name: "accepted",
      source: `
type Csv = Download<"text/csv; charset=utf-8">;
@Controller()
export class FileController {
  @Get("/a") async a(): Promise<Download> { return download(new Uint8Array([1])); }
  @Get("/b") async b(): Promise<Download<"image/png" | "image/jpeg">> { return download(new Blob([]), { type: "image/png" }); }
  @Get("/c") async c(): Promise<Csv> { return download("a,b\\n", { name: "c.csv" }); }
  @Post("/d") async d(body: Json<{ n: number }>): Promise<Download<"application/pdf">> { return download(String(body.n)); }
}`,
      errors: [],
    },
    {
      title: "a Download among other answers, or not promised, is TS991049; a status set by hand TS991007",
      name: "return-types",
      source: `
@Controller()
export class FileController {
  @Get("/a") async a(): Promise<Download | Json<{ n: number }>> { return download(""); }
  @Get("/b") b(): Download { return download(""); }
  @Get("/c") async c(c: Context): Promise<Download> { c.status(206); return download(""); }
}`,
      errors: [
        error(
          7,
          HonestCode.FileAnswer,
          "GET /a (FileController.a): the handler returns Download among other answers, but a file answer is the whole answer: declare Promise<Download> alone, and refuse a request before it by throwing HttpError (a missing file: throw new HttpError(404, ...)).",
        ),
        error(
          8,
          HonestCode.FileAnswer,
          "GET /b (FileController.b): the handler declares Download, but a file answer is made as the handler runs: declare Promise<Download>, and return download(...).",
        ),
        error(
          9,
          HonestCode.ReturnType,
          "GET /c (FileController.c): the handler calls c.status(206), but its return type decides the status, so the call would be ignored; declare the status in the return type instead, as Promise<Json<T, 201>>, or return a StatusCode.",
        ),
      ],
    },
    {
      title: "a media type that is not a literal type/subtype is TS991049",
      name: "media-types",
      source: `
declare const anyType: string;
@Controller()
export class FileController {
  @Get("/a") async a(): Promise<Download<string>> { return download("", { type: anyType }); }
  @Get("/b") async b(): Promise<Download<"csv">> { return download(""); }
  @Get("/c") async c(): Promise<Download<"text/csv" | "text plain">> { return download("", { type: "text/csv" }); }
}`,
      errors: [
        error(
          8,
          HonestCode.FileAnswer,
          'GET /a (FileController.a): Download<string> must name its media type as a string literal of the form type/subtype, or a union of them, as in Download<"text/csv"> or Download<"image/png" | "image/jpeg">; leave it out for application/octet-stream.',
        ),
        error(
          9,
          HonestCode.FileAnswer,
          'GET /b (FileController.b): Download<"csv"> must name its media type as a string literal of the form type/subtype, or a union of them, as in Download<"text/csv"> or Download<"image/png" | "image/jpeg">; leave it out for application/octet-stream.',
        ),
        error(
          10,
          HonestCode.FileAnswer,
          'GET /c (FileController.c): Download<"text/csv" | "text plain"> must name its media type as a string literal of the form type/subtype, or a union of them, as in Download<"text/csv"> or Download<"image/png" | "image/jpeg">; leave it out for application/octet-stream.',
        ),
      ],
    },
  ]);
});
