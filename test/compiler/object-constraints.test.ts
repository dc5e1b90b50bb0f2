import { readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { BODY_PRELUDE, compileBodyFixture, type BodyFixture } from "../support/body-fixture.js";
import { compileFixture } from "../support/compile.js";
import { HonestCode } from "../support/honest-codes.js";

// docs/guide/constraints.md, "Constraints": MinProperties<N> and MaxProperties<N> on an object type
// count the properties present (declared ones given a value, and entries
// of an index signature; keys the type does not declare, which honest
// drops, do not count), checked by the parser, reported by name, and
// written as minProperties and maxProperties in the OpenAPI document.

const SOURCE = `
  import type { MaxProperties, MinProperties } from "honest";

  interface Profile { email: string; username: string; bio: string | null; image: string | null }
  /** At least one field of the profile. */
  type ProfileUpdate = Partial<Profile> & MinProperties<1>;
  type Labels = Record<string, string> & MinProperties<1> & MaxProperties<2>;

  @Controller()
  export class Profiles {
    @Post("/profile") async update(body: Json<{ user: ProfileUpdate }>): Promise<StatusCode> { return take(body); }
    @Post("/labels") async labels(body: Json<Labels>): Promise<StatusCode> { return take(body); }
    @Post("/either") async either(body: Json<({ kind: "a" } & MaxProperties<1>) | { kind: "b"; note?: string }>): Promise<StatusCode> { return take(body); }
  }
`;

let fixture: BodyFixture;

beforeAll(async () => {
  fixture = await compileBodyFixture("object-constraints", SOURCE);
});

const fault = (path: string, expected: string, got: string) => ({ path, expected, got });

async function status(path: string, body: string): Promise<{ status: number; errors?: unknown }> {
  const result = await fixture.post(path, body);
  return result.status === 204 ? { status: 204 } : { status: result.status, errors: result.problem.errors };
}

describe("MinProperties and MaxProperties", () => {
  it("take an object with enough of its declared properties present", async () => {
    expect(await fixture.post("/profile", '{"user":{"bio":null}}')).toEqual({ status: 204, received: { user: { bio: null } } });
    expect(await fixture.post("/profile", '{"user":{"email":"a@b.c","image":"x"}}')).toMatchObject({ status: 204 });
  });

  it("refuse an object with too few, naming the constraint; undeclared keys do not count", async () => {
    expect(await status("/profile", '{"user":{}}')).toEqual({
      status: 400,
      errors: [fault("$.user", "object with at least 1 property", "object")],
    });
    expect(await status("/profile", '{"user":{"password":"x"}}')).toEqual({
      status: 400,
      errors: [fault("$.user", "object with at least 1 property", "object")],
    });
    // A property's own fault is reported beside the count.
    expect(await status("/profile", '{"user":{"bio":7}}')).toEqual({ status: 400, errors: [fault("$.user.bio", "string | null", "7")] });
  });

  it("count the entries of an index signature, at both ends", async () => {
    expect(await fixture.post("/labels", '{"a":"1","b":"2"}')).toEqual({ status: 204, received: { a: "1", b: "2" } });
    expect(await status("/labels", "{}")).toEqual({ status: 400, errors: [fault("$", "object with at least 1 property", "object")] });
    expect(await status("/labels", '{"a":"1","b":"2","c":"3"}')).toEqual({
      status: 400,
      errors: [fault("$", "object with at most 2 properties", "object")],
    });
  });

  it("hold inside a union told apart by its tag", async () => {
    expect(await fixture.post("/either", '{"kind":"a"}')).toEqual({ status: 204, received: { kind: "a" } });
    expect(await fixture.post("/either", '{"kind":"b","note":"x"}')).toEqual({ status: 204, received: { kind: "b", note: "x" } });
  });
});

describe("in the OpenAPI document", () => {
  it("are minProperties and maxProperties on the type's schema, named after its alias", () => {
    const file = path.resolve(import.meta.dirname, "../.out/object-constraints-openapi.json");
    rmSync(file, { force: true });
    const compiled = compileFixture(
      "object-constraints-openapi",
      {
        "src/bodies.ts": BODY_PRELUDE + SOURCE,
        "src/app.ts": `import { createApp } from "honest";\nexport const app = createApp({ log: false });\n`,
      },
      {},
      { plugin: { openapi: { file, title: "Profiles", version: "1.0.0" } } },
    );
    expect(compiled.diagnostics).toEqual([]);
    const document = JSON.parse(readFileSync(file, "utf8"));
    const { schemas } = document.components;
    expect(schemas.ProfileUpdate).toEqual({
      type: "object",
      properties: {
        email: { type: "string" },
        username: { type: "string" },
        bio: { anyOf: [{ type: "string" }, { type: "null" }] },
        image: { anyOf: [{ type: "string" }, { type: "null" }] },
      },
      minProperties: 1,
      description: "At least one field of the profile.",
    });
    // A Record is written in place, as every Record is.
    expect(document.paths["/labels"].post.requestBody.content["application/json"].schema).toEqual({
      type: "object",
      additionalProperties: { type: "string" },
      minProperties: 1,
      maxProperties: 2,
    });
  });

  it("are an error on anything but one object type, when no object can meet both, and on a query, headers, cookies or form", () => {
    const compiled = compileFixture("object-constraint-mistakes", {
      "src/bodies.ts": `
        import { Controller, Get, Post, StatusCode } from "honest";
        import type { Json, MinProperties, MaxProperties, Query } from "honest";
        @Controller()
        export class Wrong {
          @Post("/a") async a(body: Json<string & MinProperties<1>>): Promise<StatusCode> { return StatusCode.NO_CONTENT; }
          @Post("/b") async b(body: Json<{ x?: string } & MinProperties<2> & MaxProperties<1>>): Promise<StatusCode> { return StatusCode.NO_CONTENT; }
          @Get("/c") async c(q: Query<{ x?: string; y?: string } & MinProperties<1>>): Promise<StatusCode> { return StatusCode.NO_CONTENT; }
        }
      `,
    });
    expect(compiled.diagnostics.map(({ line, code, message }) => ({ line, code, message }))).toEqual([
      {
        line: 6,
        code: HonestCode.MisusedConstraint,
        message:
          "POST /a (Wrong.a): Json<string & MinProperties<1>> cannot be a request body: $ has MinProperties<1>, a constraint for objects, on a string; remove it, or use one for strings (MinLength, MaxLength, Pattern, Format).",
      },
      {
        line: 7,
        code: HonestCode.MisusedConstraint,
        message:
          "POST /b (Wrong.b): Json<{ x?: string } & MinProperties<2> & MaxProperties<1>> cannot be a request body: $ has MinProperties<2> and MaxProperties<1>, which no object satisfies; lower the first or raise the second.",
      },
      {
        line: 8,
        code: HonestCode.MisusedConstraint,
        message:
          "GET /c (Wrong.c): Query<{ x?: string; y?: string } & MinProperties<1>> has MinProperties<1> on the object itself, which honest checks in Json<T> bodies only; remove it, or read the body as Json<T> if the fields belong there.",
      },
    ]);
  });
});
