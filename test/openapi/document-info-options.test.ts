import { readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { validate } from "@readme/openapi-parser";
import { createConfig, lint } from "@redocly/openapi-core";
import { describe, expect, it } from "vitest";
import { compileFixture } from "../support/compile.js";
import { HonestCode } from "../support/honest-codes.js";

// docs/reference/options.md, "The tsconfig plugin entry": the plugin entry's `openapi.servers`,
// `openapi.license` (an SPDX id, or a License Object with a URL) and `openapi.description` written as RealWorld's
// spec has them (a description and no summary, a license with a URL, the API under /api), and the written
// document valid by the suite's two validators (test/openapi/document-validity.test.ts); what is not one of them
// is TS991031 naming the field, with what to write.

type Doc = Record<string, any>;

const SOURCES = {
  "src/articles.controller.ts": `
    import { Controller, Get } from "honest";
    import type { Json, Path } from "honest";

    export interface Article { slug: string; title: string }

    /** Articles. */
    @Controller({ prefix: "/articles" })
    export class ArticleController {
      /** One article by its slug. */
      @Get("/{slug}")
      async get(slug: Path<string>): Promise<Json<Article>> {
        return { slug, title: slug };
      }
    }
  `,
  "src/app.ts": 'import { createApp } from "honest";\nexport const app = createApp({ log: false });\n',
};

function build(name: string, openapi: Record<string, unknown>) {
  const file = path.resolve(import.meta.dirname, `../.out/${name}-openapi.json`);
  rmSync(file, { force: true });
  const compiled = compileFixture(name, SOURCES, {}, { plugin: { openapi: { file, ...openapi } } });
  return { compiled, file, document: () => JSON.parse(readFileSync(file, "utf8")) as Doc };
}

/** The document's faults by both validators: ReadMe's parser, and Redocly's recommended ruleset (errors and warnings). */
async function faults(file: string): Promise<string[]> {
  const read = await validate(JSON.parse(readFileSync(file, "utf8")));
  const config = await createConfig({ extends: ["recommended"], rules: { "security-defined": "off" } });
  const linted = (await lint({ ref: file, config })).map(
    (problem) => `${problem.severity} ${problem.ruleId} ${problem.location.map((at) => at.pointer).join(" ")}: ${problem.message}`,
  );
  return [...(read.valid ? [] : [JSON.stringify(read)]), ...read.warnings.map((warning) => JSON.stringify(warning)), ...linted];
}

describe("the document's info and servers from the plugin entry", () => {
  it("writes RealWorld's: a description without a summary, a license with a URL, the API's servers", async () => {
    const { compiled, file, document } = build("document-info-realworld", {
      title: "Conduit API",
      version: "1.0.0",
      description: "Conduit API documentation",
      contact: { name: "RealWorld", url: "https://realworld.how" },
      license: { name: "MIT License", url: "https://opensource.org/licenses/MIT" },
      servers: [{ url: "/api" }, { url: "https://api.realworld.show/api", description: "the public demo" }],
    });
    expect(compiled.diagnostics).toEqual([]);
    const written = document();
    expect(written.info).toEqual({
      title: "Conduit API",
      version: "1.0.0",
      description: "Conduit API documentation",
      contact: { name: "RealWorld", url: "https://realworld.how" },
      license: { name: "MIT License", url: "https://opensource.org/licenses/MIT" },
    });
    expect(written.servers).toEqual([{ url: "/api" }, { url: "https://api.realworld.show/api", description: "the public demo" }]);
    expect(await faults(file)).toEqual([]);
  });

  it("writes a description alone, with no title, summary, license or servers given: the root of the host serves the API", async () => {
    const { compiled, file, document } = build("document-info-description", { description: "What the shop sells." });
    expect(compiled.diagnostics).toEqual([]);
    const written = document();
    expect(written.info.description).toBe("What the shop sells.");
    expect(written.info).not.toHaveProperty("summary");
    expect(written.servers).toEqual([{ url: "/" }]);
    expect(await faults(file)).toEqual([]);
  });

  it("writes a license given as an SPDX id, or as an object with its identifier, with both", async () => {
    const spdx = build("document-info-spdx", { title: "Shop", version: "1.0.0", license: "Apache-2.0" });
    expect(spdx.compiled.diagnostics).toEqual([]);
    expect(spdx.document().info.license).toEqual({ name: "Apache-2.0", identifier: "Apache-2.0" });
    const object = build("document-info-license-object", {
      title: "Shop",
      version: "1.0.0",
      license: { name: "Apache License 2.0", identifier: "Apache-2.0" },
    });
    expect(object.compiled.diagnostics).toEqual([]);
    expect(object.document().info.license).toEqual({ name: "Apache License 2.0", identifier: "Apache-2.0" });
    expect(await faults(object.file)).toEqual([]);
  });

  it.each([
    [
      "a license with both a url and an identifier",
      "license",
      { name: "MIT", url: "https://opensource.org/licenses/MIT", identifier: "MIT" },
    ],
    ["a license without a name", "license", { url: "https://opensource.org/licenses/MIT" }],
    ["servers that are not a list", "servers", "/api"],
    ["a server without a url", "servers", [{ description: "the demo" }]],
    ["a server with a field OpenAPI's Server Object has not", "servers", [{ url: "/api", name: "demo" }]],
  ])("is an error, with what to write, for %s", (_case, field, value) => {
    const { compiled } = build(`document-info-bad-${_case.replace(/\W+/g, "-")}`, { [field]: value });
    expect(compiled.diagnostics.map(({ code, message }) => ({ code, message }))).toEqual([
      {
        code: HonestCode.PluginOptions,
        message:
          `the honest plugin's "openapi" option has ${JSON.stringify(field)}: ${JSON.stringify(value)}; write "openapi": "openapi.json", ` +
          'or "openapi": { "file": "openapi.json", "title": "My API", "version": "1.0.0", "description": "..." }, ' +
          'with "summary", "termsOfService", "license" (an SPDX id, or { "name", "url" } or { "name", "identifier" }), ' +
          '"contact": { "name", "url", "email" }, "servers": [{ "url": "/api", "description": "..." }] ' +
          'and "against" (the committed document to check for breaking changes) and "openapiVersion": "3.2" if you like, ' +
          "in the honest entry of compilerOptions.plugins.",
      },
    ]);
  });
});
