import { describe, expect, it } from "vitest";
import { compileFixture } from "../support/compile.js";

// docs/guide/middleware.md, "How honest runs hono/cors and bearerAuth": the
// build makes hono/cors's `cors(...)` and hono/bearer-auth's `bearerAuth(...)`
// honest's own where createApp's options or @Use list them, with the options
// as written, and leaves every other call alone.

describe("cors() from hono/cors and bearerAuth() from hono/bearer-auth", () => {
  const compiled = compileFixture("hono-middleware-rewrite", {
    "src/own-cors.ts": `
      import type { MiddlewareHandler } from "hono";
      /** Not Hono's: a user's own middleware that happens to be called cors. */
      export const cors = (): MiddlewareHandler => async (_c, next) => { await next(); };
    `,
    "src/items.controller.ts": `
      import { Controller, Get, Use } from "honest";
      import type { Json } from "honest";
      import { cors } from "hono/cors";
      import * as hono from "hono/cors";
      import { bearerAuth } from "hono/bearer-auth";
      import { cors as own } from "./own-cors.js";

      @Controller({ prefix: "/items" })
      @Use(cors({ origin: "https://app.example" }), bearerAuth({ token: "s3cret" }))
      export class ItemController {
        @Get("/")
        @Use(hono.cors(), own())
        async list(): Promise<Json<string[]>> {
          return [];
        }
      }
    `,
    "src/app.ts": `
      import { createApp } from "honest";
      import { cors as allowAll } from "hono/cors";
      import { cors } from "./own-cors.js";
      const credentials = true;
      export const app = createApp({ log: false, use: [allowAll({ credentials, exposeHeaders: ["x-total"] }), cors()] });
      export const outside = allowAll();
    `,
  });

  it("compiles without diagnostics", () => {
    expect(compiled.diagnostics).toEqual([]);
  });

  it("becomes honest's own in createApp's options, with its options as written", () => {
    const app = compiled.output("src/app.ts");
    expect(app).toContain('use: [__honest.cors({ credentials, exposeHeaders: ["x-total"] }), cors()]');
    expect(app).toContain("export const outside = allowAll();");
    expect(app).toContain('import { cors as allowAll } from "hono/cors";');
  });

  it("becomes honest's own in @Use, on a class and on a method, whatever the import's name", () => {
    const controller = compiled.output("src/items.controller.ts");
    expect(controller).toContain('use: [__honest.cors({ origin: "https://app.example" }), __honest.bearerAuth({ token: "s3cret" })]');
    expect(controller).toMatch(/use: \[__honest\.cors\(\), own\(\)\]/);
    // The imports only the replaced calls used go; the user's own middleware stays.
    expect(controller).not.toContain("hono/cors");
    expect(controller).not.toContain("hono/bearer-auth");
    expect(controller).toContain('import { cors as own } from "./own-cors.js";');
  });

  it("answers as Hono's middleware does: the last one to set a header wins, and Vary comes after next()", async () => {
    const { app } = await compiled.load<{ app: { request(path: string, init?: RequestInit): Promise<Response> } }>("src/app.ts");
    const response = await app.request("/items", { headers: { origin: "https://app.example", authorization: "Bearer s3cret" } });
    expect((await app.request("/items", { headers: { authorization: "Bearer wrong" } })).status).toBe(401);
    expect(response.status).toBe(200);
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    expect(response.headers.get("access-control-expose-headers")).toBe("x-total");
    expect(response.headers.get("access-control-allow-credentials")).toBe("true");
    expect(response.headers.get("vary")).toBe("Origin");
  });
});
