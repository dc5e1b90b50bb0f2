import { describe, expect, it } from "vitest";
import { compileFixture } from "../support/compile.js";

// Built with plain tsc (no plugin) and without a module from `honest
// generate`, honest's decorators type-check and run (they only record what
// they decorate, for generator mode), and createApp() fails loudly, naming
// both ways to build, instead of serving an app with no routes.

const files = {
  "src/controller.ts": `
    import { Controller, Get, Use } from "honest";
    import type { Json } from "honest";
    @Controller({ prefix: "/api" })
    @Use(async (_c, next) => next())
    export class PlainController {
      @Get("/x") async x(): Promise<Json<string>> { return "x"; }
    }
  `,
  "src/app.ts": `
    import { createApp } from "honest";
    import "./controller.js";
    export const build = () => createApp();
  `,
};

const advice =
  "honest: createApp() without a controllers list is completed by the honest transformer, which did not compile this call, " +
  "and no module written by `honest generate` was imported. " +
  'Add { "transform": "honest/transformer" } to compilerOptions.plugins and build with tspc; ' +
  'or, on TypeScript 7, run `npx honest generate` and add import "./honest.generated.js"; to this file ' +
  "(TypeScript 7: generator mode, https://github.com/honest-ts/honest/blob/main/docs/setup/typescript-7.md); or pass createApp({ controllers: [...] }).";

describe.each([
  ["standard decorators", {}],
  ["experimentalDecorators", { experimentalDecorators: true }],
])("compiled without the transformer, with %s", (name, options) => {
  it("type-checks, loads, then createApp() says how to build", async () => {
    const compiled = compileFixture(`without-transformer-${name.replace(/ /g, "-")}`, files, options, { transform: false });
    expect(compiled.diagnostics).toEqual([]);
    const { build } = await compiled.load<{ build: () => unknown }>("src/app.ts");
    expect(build).toThrow(advice);
  });
});
