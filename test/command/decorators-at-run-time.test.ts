import { readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { run, runOrThrow } from "../support/commands.js";
import { honestBin, tsc7 } from "../support/generated-example.js";
import { nodeTsconfig } from "../support/node-tsconfig.js";
import { writeFiles } from "../support/user-project.js";

// docs/setup/typescript-7.md, "TypeScript 7: generator mode": in this mode honest's decorators
// run, in either flavour (standard decorators, experimentalDecorators), and
// only record what they decorate. @Use's middleware comes from those records
// in the order written (app, class, handler); and a module older than the
// decorators (a route removed, a route's path or method changed, a prefix
// changed) makes createApp() refuse, naming each difference and the command.

const root = path.resolve(import.meta.dirname, "../..");

const CONTROLLER = `import { Controller, Get, Post, Use } from "honest";
import type { Context, Next } from "hono";
import type { Json, Path } from "honest";

/** Each middleware adds its name to a list the answer carries back in x-order. */
const mark = (name: string) => async (c: Context, next: Next) => {
  c.set("order" as never, [...((c.get("order" as never) as string[] | undefined) ?? []), name] as never);
  await next();
  c.res.headers.set("x-order", (c.get("order" as never) as string[]).join(","));
};

@Controller({ prefix: "/shop" })
@Use(mark("class-1"))
@Use(mark("class-2"))
export class ShopController {
  @Use(mark("handler-1"))
  @Use(mark("handler-2"))
  @Get("/items/{id}")
  async item(id: Path<number>): Promise<Json<{ id: number }>> {
    return { id };
  }

  @Post("/items")
  async add(): Promise<Json<string>> {
    return "added";
  }
}
`;

const APP = `import "./honest.generated.js";
import { createApp } from "honest";
import type { Context, Next } from "hono";

export const app = () =>
  createApp({
    log: false,
    use: [
      async (c: Context, next: Next) => {
        c.set("order" as never, ["app"] as never);
        await next();
      },
    ],
  });
`;

const REQUEST = `const { app } = await import("./dist/app.js");
const response = await app().request("/shop/items/7");
console.log(JSON.stringify({ status: response.status, order: response.headers.get("x-order"), body: await response.text() }));`;

function project(name: string, compilerOptions: Record<string, unknown>): string {
  const dir = path.join(root, "test/.out", name);
  rmSync(dir, { recursive: true, force: true });
  writeFiles(dir, {
    "tsconfig.json": nodeTsconfig({ types: ["node"], rootDir: "src", outDir: "dist", ...compilerOptions }),
    "src/app.ts": APP,
    "src/shop.controller.ts": CONTROLLER,
  });
  runOrThrow(process.execPath, [honestBin, "generate"], dir);
  runOrThrow(process.execPath, [tsc7, "-p", "tsconfig.json"], dir);
  return dir;
}

function request(dir: string) {
  return run(process.execPath, ["--input-type=module", "-e", REQUEST], dir);
}

describe.each([
  ["standard decorators", {}],
  ["experimentalDecorators", { experimentalDecorators: true }],
])("with %s", (flavour, compilerOptions) => {
  const name = `generator-decorators-${flavour.replace(/ /g, "-")}`;

  it("serves the route, the middleware in the order written: app, class, handler", () => {
    const dir = project(name, compilerOptions);
    const result = request(dir);
    expect(result.status, result.output).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({ status: 200, order: "app,class-1,class-2,handler-1,handler-2", body: '{"id":7}' });
  });

  it("refuses a module older than the decorators, naming each difference and the command", () => {
    const dir = path.join(root, "test/.out", name);
    const file = path.join(dir, "src/shop.controller.ts");
    const edited = readFileSync(file, "utf8")
      .replace('@Controller({ prefix: "/shop" })', '@Controller({ prefix: "/store" })')
      .replace('@Get("/items/{id}")', '@Get("/item/{id}")')
      .replace(/\n {2}@Post\("\/items"\)\n {2}async add\(\): Promise<Json<string>> \{\n {4}return "added";\n {2}\}\n/, "\n");
    writeFileSync(file, edited);
    runOrThrow(process.execPath, [tsc7, "-p", "tsconfig.json"], dir);
    const result = request(dir);
    expect(result.status).not.toBe(0);
    expect(result.output).toContain(
      [
        "honest: the module `honest generate` wrote is older than the controllers:",
        `  ShopController's prefix changed from "/shop" to "/store"`,
        "  GET /store/item/{id} (ShopController.item) was changed from GET /shop/items/{id}",
        "  POST /shop/items (ShopController.add) was removed",
        "Run `npx honest generate`, build again, and restart.",
      ].join("\n"),
    );
  });
});
