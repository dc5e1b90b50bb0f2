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
    import { PlainController } from "./controller.js";
    export const build = () => createApp();
    export const buildListed = () => createApp({ controllers: [PlainController] });
  `,
};

const advice =
  "honest: this createApp() call was not compiled by honest: the honest transformer did not build it, " +
  "and no module written by `honest generate` was imported. " +
  'Either build with tspc and { "transform": "honest/transformer" } in compilerOptions.plugins (TypeScript 5.9 or 6); ' +
  'or, on TypeScript 7, run `npx honest generate` before tsc and add import "./honest.generated.js"; to the file that calls createApp() ' +
  "(TypeScript 7: generator mode, https://github.com/honest-ts/honest/blob/main/docs/setup/typescript-7.md).";

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

  it("refuses a controllers list too, saying the class has @Controller() and how to build", async () => {
    const compiled = compileFixture(`without-transformer-listed-${name.replace(/ /g, "-")}`, files, options, { transform: false });
    const { buildListed } = await compiled.load<{ buildListed: () => unknown }>("src/app.ts");
    expect(buildListed).toThrow(
      `honest: PlainController has @Controller() but was not compiled by honest, so its routes are unknown. ${advice.slice(advice.indexOf("Either"))}`,
    );
  });
});
