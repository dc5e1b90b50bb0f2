import { readFileSync } from "node:fs";
import path from "node:path";
import { validate } from "@readme/openapi-parser";
import { createConfig, lint } from "@redocly/openapi-core";
import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { exampleDir } from "../support/example.js";

// docs/guide/openapi-and-clients.md, "OpenAPI and clients": the example's document, as tspc wrote it
// (npm test's build), is valid OpenAPI 3.1 by two well-kept validators:
// ReadMe's parser (the OpenAPI 3.1 JSON Schema and the spec's own rules) and
// Redocly's linter with its `recommended` ruleset.

const file = path.join(exampleDir, "dist/openapi.json");

describe("the example's OpenAPI document", () => {
  it("is valid OpenAPI 3.1 by @readme/openapi-parser, without warnings", async () => {
    const document = JSON.parse(readFileSync(file, "utf8"));
    expect(await validate(document)).toEqual({ valid: true, warnings: [], specification: "OpenAPI" });
  });

  it("has no errors by @redocly/openapi-core's recommended ruleset, and only the warnings explained here", async () => {
    const config = await createConfig({
      extends: ["recommended"],
      rules: {
        // "Every operation should have security defined": honest writes
        // `security` where a resolver declares a scheme. A route without one
        // may still be guarded by middleware honest cannot look into
        // (AdminController's bearerAuth), so `security: []` ("no
        // credentials needed") would be a claim honest cannot make.
        "security-defined": "off",
      },
    });
    const problems = (await lint({ ref: file, config })).map(
      (problem) => `${problem.severity} ${problem.ruleId} ${problem.location.map((at) => at.pointer).join(" ")}: ${problem.message}`,
    );
    expect(problems).toEqual([
      // GET /items/tagged/{tag} and POST /items/{id}/photo both fit
      // /items/tagged/photo, but under different methods: no request is
      // ambiguous, and the linter compares paths alone.
      "warn no-ambiguous-paths #/paths/~1items~1{id}~1photo: Paths should resolve unambiguously. Found two ambiguous paths: `/items/tagged/{tag}` and `/items/{id}/photo`.",
      // Routes that read nothing (no path parameter, query, header, cookie,
      // body, nor a resolver with a scheme) cannot get a 4XX from honest, so
      // listing one would be untrue; their other errors are the `default`
      // problem. /admin/stats's 401 comes from middleware, which honest does
      // not describe; /stock only lists what StockCount's job counted.
      "warn operation-4xx-response #/paths/~1admin~1stats/get/responses: Operation must have at least one `4XX` response.",
      "warn operation-4xx-response #/paths/~1health/get/responses: Operation must have at least one `4XX` response.",
      "warn operation-4xx-response #/paths/~1info/get/responses: Operation must have at least one `4XX` response.",
      "warn operation-4xx-response #/paths/~1stock/get/responses: Operation must have at least one `4XX` response.",
      // The chat's messages, which only its operation's x-websocket names (docs/guide/websockets.md,
      // "In the OpenAPI document"): OpenAPI has no place for a WebSocket's messages, and the linter
      // follows no reference in an extension.
      'warn no-unused-components #/components/schemas/ChatMessage: Component: "ChatMessage" is never used.',
      'warn no-unused-components #/components/schemas/ChatPost: Component: "ChatPost" is never used.',
    ]);
  });

  it("marks the sign-in password writeOnly, a Secret<T> only requests carry, and leaves the token it answers readable", () => {
    const { SignIn, Session } = JSON.parse(readFileSync(file, "utf8")).components.schemas;
    expect(SignIn.properties.password).toMatchObject({ type: "string", writeOnly: true });
    expect(Session.properties.token).toEqual({ type: "string" });
  });

  it("gives every example it holds the status of its response, a real type, and the shape of its schema", () => {
    const document = JSON.parse(readFileSync(file, "utf8"));
    // The document as one schema, so that an example's schema can refer into components.
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    ajv.addFormat("int64", true).addFormat("uri-reference", true).addFormat("binary", true).addFormat("email", true);
    ajv.addSchema(document, "doc");
    const pointer = (...steps: string[]) => steps.map((step) => step.replaceAll("~", "~0").replaceAll("/", "~1")).join("/");
    const responses: [string, string, Record<string, any>][] = Object.entries(document.components.responses ?? {}).map(
      ([name, response]) => [pointer("components", "responses", name), name, response as Record<string, any>],
    );
    for (const [route, item] of Object.entries<Record<string, any>>(document.paths)) {
      for (const [method, operation] of Object.entries<Record<string, any>>(item)) {
        for (const [status, response] of Object.entries<Record<string, any>>(operation.responses ?? {})) {
          if (!("$ref" in response)) responses.push([pointer("paths", route, method, "responses", status), status, response]);
        }
      }
    }
    const statusOf: Record<string, number | "error"> = {
      BadRequest: 400,
      Unauthorized: 401,
      ContentTooLarge: 413,
      UnsupportedMediaType: 415,
      PreconditionFailed: 412,
      TooManyRequests: 429,
      RangeNotSatisfiable: 416,
      Problem: "error",
      // The errors the item routes declare (docs/guide/errors.md, "Errors a route declares").
      NotFoundProblem: 404,
      ConflictProblem: 409,
    };
    let checked = 0;
    for (const [at, key, response] of responses) {
      for (const [mediaType, media] of Object.entries<Record<string, any>>(response.content ?? {})) {
        if (!("example" in media)) continue;
        const validate = ajv.compile({ $ref: `doc#/${at}/content/${pointer(mediaType)}/schema` });
        expect(validate(media.example) ? [] : validate.errors, `${at}: the example fits its schema`).toEqual([]);
        if (mediaType === "application/problem+json") {
          const expected = statusOf[key] ?? Number(key);
          if (expected === "error") expect(media.example.status, at).toBeGreaterThanOrEqual(500);
          else expect(media.example.status, at).toBe(expected);
          expect(media.example.type, at).toBe("about:blank");
        }
        checked++;
      }
    }
    expect(checked).toBe(Object.keys(document.components.responses).length);
  });
});
