import { readFileSync } from "node:fs";
import path from "node:path";
import { validate } from "@readme/openapi-parser";
import { createConfig, lint } from "@redocly/openapi-core";
import { beforeAll, describe, expect, it } from "vitest";
import { compileFixture } from "../support/compile.js";
import { pageController } from "../support/page-fixture.js";

// docs/guide/pages.md, "In the document": a Paged<T> route is a 200 of `T[]` with its Link and X-Total-Count
// headers, its paging keys query parameters with their bounds and the defaults honest fills in; the document is
// valid by the two validators the example's is checked with.

let file: string;
let document: Record<string, any>;

beforeAll(() => {
  file = path.resolve(import.meta.dirname, "../.out/page-document.json");
  const compiled = compileFixture(
    "page-document",
    { "src/row.controller.ts": pageController },
    {},
    { plugin: { openapi: { file, title: "Pages", version: "1.0.0" } } },
  );
  expect(compiled.diagnostics).toEqual([]);
  document = JSON.parse(readFileSync(file, "utf8"));
});

describe("a paged route in the document", () => {
  it("answers 200 with an array of its items, and the Link and X-Total-Count headers", () => {
    const ok = document.paths["/rows"].get.responses["200"];
    expect(ok.content).toEqual({ "application/json": { schema: { type: "array", items: { $ref: "#/components/schemas/Row" } } } });
    expect(Object.keys(ok.headers)).toEqual(["Link", "X-Total-Count"]);
    expect(ok.headers.Link.schema).toEqual({ type: "string" });
    expect(ok.headers.Link.description).toContain(
      "`first` and `prev` after the first page, `next` while more items follow, `last` when the total is known",
    );
    expect(ok.headers["X-Total-Count"].schema).toEqual({ type: "integer", minimum: 0 });
    expect(document.paths["/rows/after"].get.responses["200"].headers.Link.description).toContain(
      "`first` after the first page, `prev` and `next` where the handler gives their cursors",
    );
  });

  it("lists the paging keys as optional query parameters, with their bounds and the defaults honest fills in", () => {
    const parameters = (route: string) =>
      Object.fromEntries(
        document.paths[route].get.parameters.map((parameter: Record<string, any>) => [
          parameter.name,
          { required: parameter.required ?? false, schema: parameter.schema },
        ]),
      );
    expect(parameters("/rows")).toEqual({
      tag: { required: false, schema: { type: "string" } },
      limit: { required: false, schema: { type: "integer", minimum: 1, maximum: 20, default: 10 } },
      offset: { required: false, schema: { type: "integer", minimum: 0, default: 0 } },
    });
    expect(parameters("/rows/after")).toEqual({
      q: { required: false, schema: { type: "string" } },
      limit: { required: false, schema: { type: "integer", minimum: 1, maximum: 100, default: 8 } },
      cursor: { required: false, schema: { type: "string" } },
    });
  });

  it("is valid OpenAPI 3.1 by @readme/openapi-parser", async () => {
    expect(await validate(structuredClone(document) as Parameters<typeof validate>[0])).toEqual({
      valid: true,
      warnings: [],
      specification: "OpenAPI",
    });
  });

  it("has no errors or warnings by @redocly/openapi-core's recommended ruleset", async () => {
    const config = await createConfig({ extends: ["recommended"], rules: { "security-defined": "off" } });
    const problems = (await lint({ ref: file, config })).map(
      (problem) => `${problem.severity} ${problem.ruleId} ${problem.location.map((at) => at.pointer).join(" ")}: ${problem.message}`,
    );
    expect(problems).toEqual([]);
  });
});
