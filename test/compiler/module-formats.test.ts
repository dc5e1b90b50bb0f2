import { createRequire } from "node:module";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { Hono } from "hono";
import { compileFixture } from "../support/compile.js";

// The generated code must run whatever module format and decorator flavour
// the user's project compiles to.

const sources = {
  "src/store.ts": `export class Store { readonly items = ["a", "b"]; }\n`,
  "src/controller.ts": `
    import { Controller, Get } from "honest";
    import type { Inject, Json, Path } from "honest";
    import { Store } from "./store.js";
    @Controller({ prefix: "/api" })
    export class StoreController {
      declare readonly store: Inject<Store>;
      @Get("/items/{index}") async get(index: Path<number>): Promise<Json<string>> { return this.store.items[index] ?? "none"; }
    }
  `,
  "src/app.ts": `import { createApp } from "honest";\nexport const app = createApp({ log: false });\n`,
};

async function expectServes(app: Hono) {
  expect(await (await app.request("/api/items/1")).json()).toBe("b");
  expect((await app.request("/api/items/x")).status).toBe(400);
}

describe("module formats", () => {
  it("works when the project emits CommonJS", async () => {
    // .cts files are CommonJS whatever the package type, and import each other as .cjs.
    const commonjs = Object.fromEntries(
      Object.entries(sources).map(([file, text]) => [file.replace(/\.ts$/, ".cts"), text.replaceAll('.js"', '.cjs"')]),
    );
    const compiled = compileFixture("commonjs", commonjs);
    expect(compiled.diagnostics).toEqual([]);
    expect(compiled.output("src/app.cts")).toContain('require("honest/internal")');
    expect(compiled.output("src/app.cts")).toContain('require("./controller.cjs")');
    // The decorators' and createApp's imports went with them.
    expect(compiled.output("src/controller.cts")).not.toContain('require("honest")');
    expect(compiled.output("src/app.cts")).not.toContain('require("honest")');
    const require = createRequire(import.meta.url);
    const { app } = require(path.join(compiled.dir, "dist/app.cjs")) as { app: Hono };
    await expectServes(app);
  });

  it("works with verbatimModuleSyntax, which keeps a module imported for its effects once its names are gone", async () => {
    const compiled = compileFixture("verbatim-module-syntax", sources, { verbatimModuleSyntax: true });
    expect(compiled.diagnostics).toEqual([]);
    expect(compiled.output("src/controller.ts")).toMatch(/^import "honest";$/m);
    expect(compiled.output("src/controller.ts")).not.toMatch(/\bController\b|\bGet\b/);
    await expectServes((await compiled.load<{ app: Hono }>("src/app.ts")).app);
  });

  it("works with experimentalDecorators", async () => {
    const compiled = compileFixture("experimental-decorators", sources, { experimentalDecorators: true });
    expect(compiled.diagnostics).toEqual([]);
    expect(compiled.output("src/controller.ts")).not.toContain("__decorate");
    await expectServes((await compiled.load<{ app: Hono }>("src/app.ts")).app);
  });

  it("leaves the user's other decorators in place", async () => {
    const compiled = compileFixture("other-decorators", {
      ...sources,
      "src/controller.ts": sources["src/controller.ts"].replace('@Get("/items/{index}")', '@logged @Get("/items/{index}")').replace(
        "@Controller(",
        `export const seen: string[] = [];
    function logged(value: Function, context: ClassMethodDecoratorContext) { seen.push(String(context.name)); }
    @Controller(`,
      ),
    });
    expect(compiled.diagnostics).toEqual([]);
    const { app } = await compiled.load<{ app: Hono }>("src/app.ts");
    await expectServes(app);
    const { seen } = await compiled.load<{ seen: string[] }>("src/controller.ts");
    expect(seen).toEqual(["get"]);
  });
});
