import { readFileSync } from "node:fs";
import path from "node:path";
import { validate } from "@readme/openapi-parser";
import { createConfig, lint } from "@redocly/openapi-core";
import { beforeAll, describe, expect, it } from "vitest";
import { compileFixture } from "../support/compile.js";
import { fileController, fileProbe } from "../support/file-fixture.js";

// docs/guide/openapi-and-clients.md, "Files in the document": a file route
// answers its bytes under each media type its Download<Type> declares,
// binary (`format: binary`, `contentMediaType`), with the headers honest
// sends; a GET route also a 206 with Content-Range, a 416 problem with
// Content-Range, and reads Range and If-Range. The document is valid by the
// suite's two validators; written as OpenAPI 3.2, by Redocly's (ReadMe's
// parser does not read 3.2 yet).

const file = path.resolve(import.meta.dirname, "../.out/file-document.json");
const file32 = path.resolve(import.meta.dirname, "../.out/file-document-3.2.json");
let document: Record<string, any>;

/** The fixture's document, written as OpenAPI `version`. */
function written(name: string, out: string, version: "3.1" | "3.2"): void {
  const compiled = compileFixture(
    name,
    { "src/file.controller.ts": fileController, "src/probe.ts": fileProbe },
    {},
    { plugin: { openapi: { file: out, title: "Files", version: "1.0.0", openapiVersion: version } } },
  );
  expect(compiled.diagnostics).toEqual([]);
}

beforeAll(() => {
  written("file-document", file, "3.1");
  written("file-document-3.2", file32, "3.2");
  document = JSON.parse(readFileSync(file, "utf8"));
});

async function lintProblems(at: string): Promise<string[]> {
  const config = await createConfig({ extends: ["recommended"], rules: { "security-defined": "off" } });
  return (await lint({ ref: at, config })).map(
    (problem) => `${problem.severity} ${problem.ruleId} ${problem.location.map((where) => where.pointer).join(" ")}: ${problem.message}`,
  );
}

const binary = (type: string) => ({ schema: { type: "string", format: "binary", contentMediaType: type } });

describe("a file route in the document", () => {
  it("a GET: 200 and 206 of its media types, the 416 problem, and Range and If-Range among its parameters", () => {
    const operation = document.paths["/files/picture"].get;
    expect(Object.keys(operation.responses)).toEqual(["200", "206", "416", "default"]);
    expect(operation.responses["200"].content).toEqual({ "image/png": binary("image/png"), "image/gif": binary("image/gif") });
    expect(operation.responses["206"].content).toEqual(operation.responses["200"].content);
    expect(Object.keys(operation.responses["200"].headers)).toEqual(["Content-Disposition", "ETag", "Last-Modified", "Accept-Ranges"]);
    expect(Object.keys(operation.responses["206"].headers)).toEqual([
      "Content-Range",
      "Content-Disposition",
      "ETag",
      "Last-Modified",
      "Accept-Ranges",
    ]);
    expect(operation.responses["416"]).toEqual({ $ref: "#/components/responses/RangeNotSatisfiable" });
    expect(document.components.responses.RangeNotSatisfiable.headers["Content-Range"].description).toBe(
      "The file's length: `bytes */1234`.",
    );
    expect(operation.parameters.map((parameter: { name: string; in: string }) => `${parameter.in} ${parameter.name}`)).toEqual([
      "header Range",
      "header If-Range",
    ]);
  });

  it("the default media type is application/octet-stream; a type with parameters is written as declared", () => {
    expect(document.paths["/files/stream"].get.responses["200"].content).toEqual({
      "application/octet-stream": binary("application/octet-stream"),
    });
    expect(Object.keys(document.paths["/files/notes"].get.responses["200"].content)).toEqual(["text/csv; charset=utf-8"]);
  });

  it("a POST: a 200 of its bytes, no 206, no 416, no Range", () => {
    const operation = document.paths["/files/report"].post;
    expect(Object.keys(operation.responses)).toEqual(["200", "400", "413", "415", "default"]);
    expect(Object.keys(operation.responses["200"].headers)).toEqual(["Content-Disposition", "ETag", "Last-Modified"]);
    expect(operation.parameters).toBeUndefined();
  });

  it("is valid OpenAPI 3.1 by @readme/openapi-parser, without warnings", async () => {
    expect(await validate(structuredClone(document) as Parameters<typeof validate>[0])).toEqual({
      valid: true,
      warnings: [],
      specification: "OpenAPI",
    });
  });

  it("has no problems by @redocly/openapi-core's recommended ruleset", async () => {
    expect(await lintProblems(file)).toEqual([]);
  });

  it('written as OpenAPI 3.2 ("openapiVersion": "3.2"), the same responses, and no problems by Redocly either', async () => {
    const document32 = JSON.parse(readFileSync(file32, "utf8"));
    expect(document32.openapi).toBe("3.2.0");
    expect(document32.paths["/files/picture"].get.responses).toEqual(document.paths["/files/picture"].get.responses);
    expect(await lintProblems(file32)).toEqual([]);
  });
});
