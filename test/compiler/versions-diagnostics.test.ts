import { describe, expect, it } from "vitest";
import { compileFixture } from "../support/compile.js";
import { controllerDiagnostics, honestDiagnostics, honestError as error, itReports } from "../support/controller-diagnostics.js";
import { HonestCode } from "../support/honest-codes.js";

// docs/reference/diagnostics.md, "Compile-time diagnostics" (TS991047): a version or a sunset honest cannot read
// at compile time, or that would apply to nothing, fails the build at what to change (docs/guide/versions.md, "Mistakes the build reports").

const diagnosticsOf = controllerDiagnostics({
  prefix: "versions-diagnostics",
  header: `import { Controller, Get, Sunset, Version } from "honest";
import type { Json } from "honest";
`,
});

describe("version and sunset diagnostics", () => {
  itReports(diagnosticsOf, [
    {
      title: "reports a version that is not a string literal, cannot go in a path, or has its own 'v'",
      name: "version",
      source: `
const two = "2";
@Controller({ version: two })
export class AController {
  @Get("/a") async a(): Promise<Json<number>> { return 1; }
}
@Controller({ version: "v2" })
export class BController {
  @Get("/b") async b(): Promise<Json<number>> { return 1; }
}
@Controller()
export class CController {
  @Get("/c") @Version("2 beta") async c(): Promise<Json<number>> { return 1; }
  @Get("/d") @Version(2 as unknown as string) async d(): Promise<Json<number>> { return 1; }
}`,
      errors: [
        error(
          5,
          HonestCode.Versions,
          'AController: a version is one string literal, as in @Version("2") or @Controller({ version: "2" }); got two.',
        ),
        error(9, HonestCode.Versions, 'BController: the version "v2" would be in the path as /vv2; write "2", and the path gets /v2.'),
        error(
          15,
          HonestCode.Versions,
          `CController.c: the version "2 beta" cannot go in a path or a header; write letters, digits, '.', '_' or '-', starting with a letter or a digit, such as "2" or "2024-06-01".`,
        ),
        error(
          16,
          HonestCode.Versions,
          'CController.d: a version is one string literal, as in @Version("2") or @Controller({ version: "2" }); got 2 as unknown as string.',
        ),
      ],
    },
    {
      title: "reports a sunset without a dated @deprecated, before it, or with a date or successor it cannot read",
      name: "sunset",
      source: `
@Controller()
export class ItemController {
  @Get("/a") @Sunset("2027-06-30")
  async a(): Promise<Json<number>> { return 1; }
  /** @deprecated 2027-01-01 */
  @Get("/b") @Sunset("2026-06-30")
  async b(): Promise<Json<number>> { return 1; }
  /** @deprecated 2026-01-01 */
  @Get("/c") @Sunset("30 June 2027")
  async c(): Promise<Json<number>> { return 1; }
  /** @deprecated 2026-01-01 */
  @Get("/d") @Sunset("2027-06-30", { successor: "v3 items" })
  async d(): Promise<Json<number>> { return 1; }
  /** @deprecated 2026-02-30 use /e2 */
  @Get("/e")
  async e(): Promise<Json<number>> { return 1; }
}`,
      errors: [
        error(
          6,
          HonestCode.Versions,
          "ItemController.a has @Sunset but no @deprecated tag with a date; add /** @deprecated 2026-06-30 */ (when it was or will be deprecated), which the Deprecation header sends (RFC 9745) before the Sunset date.",
        ),
        error(
          9,
          HonestCode.Versions,
          "ItemController.b: the sunset date 2026-06-30 is before the deprecation date 2027-01-01; a route is deprecated first, then goes (RFC 9745, section 3).",
        ),
        error(
          12,
          HonestCode.Versions,
          `ItemController.c: @Sunset's date must be a date written "YYYY-MM-DD" (midnight UTC) or "YYYY-MM-DDTHH:MM:SSZ"; got "30 June 2027".`,
        ),
        error(
          15,
          HonestCode.Versions,
          `ItemController.d: @Sunset's successor must be a string literal, a path starting with "/" or an http(s) URL, without spaces, '<' or '>', as in { successor: "/v3/items" }; got "v3 items".`,
        ),
        error(
          19,
          HonestCode.Versions,
          `ItemController.e: the @deprecated tag's date must be a date written "YYYY-MM-DD" (midnight UTC) or "YYYY-MM-DDTHH:MM:SSZ"; got "2026-02-30".`,
        ),
      ],
    },
    {
      title: "reports @Version and @Sunset where they would apply to nothing",
      name: "misplaced",
      source: `
@Controller()
@Version("2")
export class ItemController {
  @Version("2")
  helper(): number { return 1; }
}
@Sunset("2027-06-30")
export class Plain {
  @Version("2") other(): number { return 1; }
}`,
      errors: [
        error(
          5,
          HonestCode.Versions,
          'ItemController: a controller\'s version goes in its options, @Controller({ version: "2" }); @Version("2") is for one handler.',
        ),
        error(
          7,
          HonestCode.Versions,
          "ItemController.helper has @Version but no route decorator, so it would apply to nothing; add @Get, @Post, @Put, @Delete or @Patch, or remove @Version.",
        ),
        error(
          10,
          HonestCode.Versions,
          "Plain has @Sunset but is not a controller, so it would apply to nothing; add @Controller() to the class, or remove @Sunset.",
        ),
        error(
          12,
          HonestCode.Versions,
          "Plain has @Version but is not a controller, so it would apply to nothing; add @Controller() to the class, or remove @Version.",
        ),
      ],
    },
  ]);

  it("reports, with versions in a header, a route without a version on the path of one with a version", () => {
    const compiled = compileFixture(
      "versions-diagnostics-shared-path",
      {
        "src/controller.ts": `import { Controller, Get } from "honest";
import type { Json } from "honest";
@Controller({ version: "2" })
export class NewController {
  @Get("/items") async list(): Promise<Json<number>> { return 1; }
}
@Controller()
export class OldController {
  @Get("/items") async list(): Promise<Json<number>> { return 1; }
}
`,
      },
      {},
      { plugin: { versioning: { in: "header" } } },
    );
    expect(honestDiagnostics(compiled.diagnostics)).toEqual([
      error(
        9,
        HonestCode.Versions,
        "GET /items (OldController.list) has no version and so answers every version, like GET /items (NewController.list) which has one: with versions in a header, give both a version, or give one of them another path.",
      ),
    ]);
  });

  it("reports a versioning option it cannot read, in the setup", () => {
    const compiled = compileFixture(
      "versions-diagnostics-option",
      { "src/controller.ts": `export const nothing = 1;\n` },
      {},
      { plugin: { versioning: { in: "query" } } },
    );
    expect(compiled.diagnostics).toEqual([
      {
        file: undefined,
        line: undefined,
        code: HonestCode.Versions,
        category: "error",
        message:
          'the honest plugin\'s "versioning" option is {"in":"query"}; write { "in": "path" } for versions in the path (/v2/items), or { "in": "header", "header": "api-version" } for versions in a header.',
      },
    ]);
  });
});
