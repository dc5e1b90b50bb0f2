import { describe, expect, it } from "vitest";
import { compileFixture } from "../support/compile.js";

// Built with plain tsc (no plugin), honest's decorators type-check, then
// fail loudly at run time instead of serving an app with no routes.

const files = {
  "src/controller.ts": `
    import { Controller, Get } from "honest";
    import type { Json } from "honest";
    @Controller({ prefix: "/api" })
    export class PlainController {
      @Get("/x") async x(): Promise<Json<string>> { return "x"; }
    }
  `,
  "src/app.ts": `
    import { createApp } from "honest";
    export const build = () => createApp();
  `,
};

const advice =
  `Add { "transform": "honest/transformer" } to compilerOptions.plugins in tsconfig.json and build with tspc (ts-patch); ` +
  `in Vite or Vitest, add honest() from "honest/vite" to the config's plugins, with a tsconfig.json that includes this file.`;

// Standard decorator expressions are evaluated class first; legacy ones, members first.
describe.each([
  ["standard decorators", {}, `@Controller({"prefix":"/api"})`],
  ["experimentalDecorators", { experimentalDecorators: true }, `@Get("/x")`],
])("compiled without the transformer, with %s", (name, options, first) => {
  it("type-checks, then throws a clear error when the decorators run", async () => {
    const compiled = compileFixture(`without-transformer-${name.replace(/ /g, "-")}`, files, options, { transform: false });
    expect(compiled.diagnostics).toEqual([]);
    await expect(compiled.load("src/controller.ts")).rejects.toThrow(
      `honest: ${first} ran at run time, so this file was compiled without the honest transformer. ${advice}`,
    );
  });
});

describe("createApp() compiled without the transformer", () => {
  it("says the controllers list is missing and how to get it", async () => {
    const compiled = compileFixture("without-transformer-create-app", { "src/app.ts": files["src/app.ts"] }, {}, { transform: false });
    const { build } = await compiled.load<{ build: () => unknown }>("src/app.ts");
    expect(build).toThrow(
      "honest: createApp() without a controllers list is completed by the honest transformer, which did not compile this call.",
    );
  });
});
