import { describe, expect, it } from "vitest";
import type { Hono } from "hono";
import { compileFixture } from "../support/compile.js";

// honest's decorators and marker types are recognised by the declaration
// they resolve to, not by their names: aliases and namespaces work, and a
// user's own `Controller` or `Get` is left alone.

describe("recognising honest", () => {
  it("follows renamed imports, namespace imports and re-exports", async () => {
    const compiled = compileFixture("recognition-aliases", {
      "src/web.ts": `export { Controller as Resource, Get as Read } from "honest";\nexport type { Json as Body, Path as Param } from "honest";\n`,
      "src/renamed.ts": `
        import { Controller as C, Post as HttpPost, StatusCode } from "honest";
        import type { Json as Body } from "honest";
        @C()
        export class Renamed {
          @HttpPost("/renamed") async create(body: Body<{ n: number }>): Promise<StatusCode> { return body.n === 1 ? 201 : 400; }
        }
      `,
      "src/namespaced.ts": `
        import * as honest from "honest";
        @honest.Controller({ prefix: "/ns" })
        export class Namespaced {
          @honest.Get("/{n}") async get(n: honest.Path<number>): Promise<honest.Json<number>> { return n * 2; }
        }
      `,
      "src/reexported.ts": `
        import { Resource, Read, type Body, type Param } from "./web.js";
        @Resource()
        export class Reexported {
          @Read("/re/{s}") async get(s: Param<string>): Promise<Body<string>> { return s.toUpperCase(); }
        }
      `,
      "src/app.ts": `import { createApp } from "honest";\nexport const app = createApp({ log: false });\n`,
    });
    expect(compiled.diagnostics).toEqual([]);
    const { app } = await compiled.load<{ app: Hono }>("src/app.ts");
    expect(
      (await app.request("/renamed", { method: "POST", headers: { "content-type": "application/json" }, body: '{"n":1}' })).status,
    ).toBe(201);
    expect(await (await app.request("/ns/21")).json()).toBe(42);
    expect(await (await app.request("/re/abc")).json()).toBe("ABC");
  });

  it("leaves a user's own decorators of the same names alone", async () => {
    const compiled = compileFixture("recognition-own-names", {
      "src/own.ts": `
        export const registered: string[] = [];
        function Controller() { return (value: Function, context: ClassDecoratorContext) => { registered.push("class " + String(context.name)); }; }
        function Get(path: string) { return (value: Function, context: ClassMethodDecoratorContext) => { registered.push("GET " + path); }; }
        @Controller()
        export class NotHonest {
          @Get("/mine") async mine(): Promise<string> { return "mine"; }
        }
      `,
      "src/app.ts": `import { createApp } from "honest";\nimport "./own.js";\nexport const app = createApp({ log: false });\n`,
    });
    expect(compiled.diagnostics).toEqual([]);
    const { registered } = await compiled.load<{ registered: string[] }>("src/own.ts");
    expect(registered).toEqual(["GET /mine", "class NotHonest"]);
    const { app } = await compiled.load<{ app: Hono }>("src/app.ts");
    expect((await app.request("/mine")).status).toBe(404);
  });
});
