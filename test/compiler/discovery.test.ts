import { beforeAll, describe, expect, it, vi } from "vitest";
import type { Hono } from "hono";
import { compileFixture, type Compiled } from "../support/compile.js";

// docs/guide/controllers-and-routes.md, "Controllers and routes": createApp() mounts every controller of the compilation, found by
// the transformer, with no hand-written list;
// docs/guide/route-table.md, "The route table": in source path order,
// routes in declaration order. createApp({ controllers }) mounts just those.

const controller = (name: string, path: string, options = "") => `
import { Controller, Get } from "honest";
import type { Json } from "honest";
@Controller(${options})
export class ${name} {
  @Get("${path}") async get(): Promise<Json<string>> { return "${name}"; }
  @Get("${path === "/" ? "" : path}/more") async more(): Promise<Json<string>> { return "${name} more"; }
}
`;

let compiled: Compiled;
let tables: string[];
let apps: Record<string, (log: (text: string) => void) => Hono>;

beforeAll(async () => {
  compiled = compileFixture("discovery", {
    "src/z-last.ts": controller("ZController", "/z"),
    "src/a/alpha.ts": controller("AlphaController", "/todos", `{ prefix: "/api" }`),
    "src/m/beta.ts": controller("BetaController", "/", `{ prefix: "/beta/" }`),
    "src/main.ts": `
      import { createApp } from "honest";
      import { ZController } from "./z-last.js";
      import { AlphaController } from "./a/alpha.js";
      export const discovered = (log: (text: string) => void) => createApp({ log });
      export const chosen = (log: (text: string) => void) => createApp({ controllers: [ZController, AlphaController], log });
      export const withoutOptions = () => createApp();
    `,
  });
  expect(compiled.diagnostics).toEqual([]);
  apps = await compiled.load("src/main.ts");
  tables = [];
});

describe("createApp()", () => {
  it("mounts every controller of the compilation, ordered by source file path", async () => {
    const app = apps.discovered!((text) => tables.push(text));
    expect(tables.pop()).toBe(`Route mappings:
  GET /api/todos      → AlphaController
  GET /api/todos/more → AlphaController
  GET /beta           → BetaController
  GET /beta/more      → BetaController
  GET /z              → ZController
  GET /z/more         → ZController
  GET /livez          → Liveness probe
  GET /readyz         → Readiness probe`);
    for (const [path, body] of [
      ["/api/todos", "AlphaController"],
      ["/beta", "BetaController"],
      ["/beta/more", "BetaController more"],
      ["/z", "ZController"],
    ]) {
      const response = await app.request(path!);
      expect(response.status, path).toBe(200);
      expect(await response.json()).toBe(body);
    }
  });

  it("imports controllers from files nothing else imports", () => {
    const output = compiled.output("src/main.ts");
    expect(output).toContain('import * as __honest_import_m_beta from "./m/beta.js";');
    expect(output).toMatch(
      /createDiscoveredApp\(\[\s*__honest_import_\w+\.AlphaController,\s*__honest_import_m_beta\.BetaController,\s*__honest_import_\w+\.ZController\s*\], \{ log \}\)/,
    );
  });

  it("works without options, printing the table to standard output", async () => {
    const printed = vi.spyOn(console, "log").mockImplementation(() => {});
    const app = apps.withoutOptions!(() => {}) as Hono;
    expect(printed).toHaveBeenCalledTimes(1);
    expect(String(printed.mock.calls[0]![0])).toMatch(/^Route mappings:\n  GET \/api\/todos /);
    printed.mockRestore();
    expect((await app.request("/z")).status).toBe(200);
  });
});

describe("createApp({ controllers })", () => {
  it("mounts just those, in the order given", async () => {
    const app = apps.chosen!((text) => tables.push(text));
    expect(tables.pop()).toBe(`Route mappings:
  GET /z              → ZController
  GET /z/more         → ZController
  GET /api/todos      → AlphaController
  GET /api/todos/more → AlphaController
  GET /livez          → Liveness probe
  GET /readyz         → Readiness probe`);
    expect((await app.request("/beta")).status).toBe(404);
  });
});

describe("static and parametric paths", () => {
  it("lets a static route win over a parametric one declared before it", async () => {
    const order = compileFixture("static-first", {
      "src/items.ts": `
        import { Controller, Get } from "honest";
        import type { i64, Json, Path } from "honest";
        @Controller()
        export class ItemController {
          @Get("/items/{id}") async get(id: Path<i64>): Promise<Json<string>> { return "item " + id; }
          @Get("/items/search") async search(): Promise<Json<string>> { return "search"; }
        }
      `,
      "src/main.ts": `import { createApp } from "honest";\nexport const app = createApp({ log: false });\n`,
    });
    expect(order.diagnostics).toEqual([]);
    const { app } = await order.load<{ app: Hono }>("src/main.ts");
    expect(await (await app.request("/items/search")).json()).toBe("search");
    expect(await (await app.request("/items/7")).json()).toBe("item 7");
  });
});
