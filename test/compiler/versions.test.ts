import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { validate } from "@readme/openapi-parser";
import { createConfig, lint } from "@redocly/openapi-core";
import type { AppOptions } from "honest";
import type { Hono } from "hono";
import { cors } from "hono/cors";
import { beforeAll, describe, expect, it } from "vitest";
import { analyseWithTypeScript6, analyseWithTypeScript7 } from "../support/analysis-by-compiler.js";
import { compileFixture } from "../support/compile.js";
import { nodeTsconfig } from "../support/node-tsconfig.js";
import { HonestCode } from "../support/honest-codes.js";
import { serveForTest } from "../support/http.js";
import { problem } from "../support/problem.js";

// docs/guide/versions.md, "Versions": controllers and routes carry a version, in the path (/v2/items) or a
// header (api-version: 2); a deprecated route's answers carry Deprecation (RFC 9745), Sunset (RFC 8594) and
// a successor Link; the build writes a document per version, which createApp({ openapi }) serves and the
// documentation page switches between; the breaking-change gate checks each version against its own.

const ITEMS = `
import { Controller, Get, HttpError, Sunset, Version } from "honest";
import type { Json, Path } from "honest";

export interface ItemV1 { id: number; name: string }
export interface ItemV2 { id: number; title: string; tags: string[] }

/**
 * Items, as version 1 had them.
 * @deprecated 2026-01-01 Version 2 replaces them.
 */
@Controller({ prefix: "/items", version: "1" })
@Sunset("2027-06-30", { successor: "/v2/items" })
export class ItemsV1Controller {
  /** Every item. */
  @Get("/")
  async list(): Promise<Json<ItemV1[]>> { return [{ id: 1, name: "pen" }]; }

  /** One item. */
  @Get("/{id}")
  async get(id: Path<number>): Promise<Json<ItemV1>> {
    if (id !== 1) throw new HttpError(404, "no item " + id);
    return { id, name: "pen" };
  }

  /** Every item, as CSV. */
  @Get("/export")
  async export(): Promise<Response> { return new Response("id,name\\n1,pen\\n", { headers: { "content-type": "text/csv" } }); }
}

/** Items, with titles and tags. */
@Controller({ prefix: "/items", version: "2" })
export class ItemsV2Controller {
  /** Every item. */
  @Get("/")
  async list(): Promise<Json<ItemV2[]>> { return [{ id: 1, title: "pen", tags: ["office"] }]; }

  /** One item. @deprecated 2026-09-01 */
  @Get("/{id}")
  @Sunset("2027-01-01")
  async get(id: Path<number>): Promise<Json<ItemV2>> { return { id, title: "pen", tags: [] }; }

  /** Items found. */
  @Version("10")
  @Get("/search")
  async search(): Promise<Json<ItemV2[]>> { return []; }
}

@Controller()
export class StatusController {
  /** Whether the service is up. */
  @Get("/status")
  async status(): Promise<Json<{ ok: boolean }>> { return { ok: true }; }
}
`;

const APP = `import { createApp } from "honest";
export const app = createApp({ log: false, openapi: { docs: "/docs" } });
`;

const DEPRECATION_V1 = "@1767225600"; // 2026-01-01T00:00:00Z
const DEPRECATION_V2_GET = "@1788220800"; // 2026-09-01T00:00:00Z

async function validByBoth(file: string): Promise<void> {
  const document = JSON.parse(readFileSync(file, "utf8"));
  expect(await validate(document)).toEqual({ valid: true, warnings: [], specification: "OpenAPI" });
  const config = await createConfig({ extends: ["recommended"], rules: { "security-defined": "off" } });
  const errors = (await lint({ ref: file, config })).filter((found) => found.severity === "error");
  expect(errors.map((found) => found.message)).toEqual([]);
}

const lifecycleOf = (response: Response) => ({
  deprecation: response.headers.get("deprecation"),
  sunset: response.headers.get("sunset"),
  link: response.headers.get("link"),
});

describe("versions in the path", () => {
  const dir = path.resolve("test/.out/versions-path");
  const file = (name: string) => path.join(dir, name);
  let app: Hono;

  beforeAll(async () => {
    const compiled = compileFixture(
      "versions-path",
      { "src/items.ts": ITEMS, "src/app.ts": APP },
      {},
      { plugin: { openapi: file("openapi.json") } },
    );
    expect(compiled.diagnostics).toEqual([]);
    app = (await compiled.load<{ app: Hono }>("src/app.ts")).app;
  });

  it("serves each version's routes under /v<version>, and the routes without one at their own path", async () => {
    const v1 = await app.request("/v1/items");
    expect([v1.status, await v1.json()]).toEqual([200, [{ id: 1, name: "pen" }]]);
    const v2 = await app.request("/v2/items");
    expect([v2.status, await v2.json()]).toEqual([200, [{ id: 1, title: "pen", tags: ["office"] }]]);
    expect((await app.request("/v10/items/search")).status).toBe(200);
    expect((await app.request("/v3/items/search")).status).toBe(404);
    expect((await app.request("/items")).status).toBe(404);
    const status = await app.request("/status");
    expect([status.status, await status.json()]).toEqual([200, { ok: true }]);
  });

  it("sends Deprecation, Sunset and the successor Link on a deprecated route's answers, errors and own Responses alike", async () => {
    const expected = { deprecation: DEPRECATION_V1, sunset: "Wed, 30 Jun 2027 00:00:00 GMT", link: '</v2/items>; rel="successor-version"' };
    expect(lifecycleOf(await app.request("/v1/items"))).toEqual(expected);
    const missing = await app.request("/v1/items/7");
    expect([missing.status, await missing.json()]).toEqual([404, problem(404, "Not Found", "no item 7")]);
    expect(lifecycleOf(missing)).toEqual(expected);
    const exported = await app.request("/v1/items/export");
    expect([exported.status, await exported.text()]).toEqual([200, "id,name\n1,pen\n"]);
    expect(lifecycleOf(exported)).toEqual(expected);
    // A route's own @deprecated date and @Sunset, without a successor.
    expect(lifecycleOf(await app.request("/v2/items/1"))).toEqual({
      deprecation: DEPRECATION_V2_GET,
      sunset: "Fri, 01 Jan 2027 00:00:00 GMT",
      link: null,
    });
    expect(lifecycleOf(await app.request("/v2/items"))).toEqual({ deprecation: null, sunset: null, link: null });
  });

  it("sends the same headers over a real connection, to a HEAD as to a GET", async () => {
    const server = serveForTest(app);
    try {
      const { port } = await server.listening;
      for (const method of ["GET", "HEAD"]) {
        const answer = await fetch(`http://127.0.0.1:${port}/v1/items/1`, { method });
        expect([answer.status, lifecycleOf(answer), await answer.text()]).toEqual([
          200,
          { deprecation: DEPRECATION_V1, sunset: "Wed, 30 Jun 2027 00:00:00 GMT", link: '</v2/items>; rel="successor-version"' },
          method === "GET" ? '{"id":1,"name":"pen"}' : "",
        ]);
      }
    } finally {
      await server.close();
    }
  });

  it("writes a document per version, with its routes and those without a version, each valid by both validators", async () => {
    expect(existsSync(file("openapi.json"))).toBe(false);
    const paths = (version: string) => Object.keys(JSON.parse(readFileSync(file(`openapi.v${version}.json`), "utf8")).paths);
    expect(paths("1")).toEqual(["/v1/items", "/v1/items/{id}", "/v1/items/export", "/status"]);
    expect(paths("2")).toEqual(["/v2/items", "/v2/items/{id}", "/status"]);
    expect(paths("10")).toEqual(["/v10/items/search", "/status"]);
    const v1 = JSON.parse(readFileSync(file("openapi.v1.json"), "utf8"));
    expect(v1.paths["/v1/items"].get.deprecated).toBe(true);
    expect(Object.keys(v1.paths["/v1/items"].get.responses["200"].headers)).toEqual(["Deprecation", "Sunset", "Link"]);
    expect(v1.paths["/status"].get.deprecated).toBeUndefined();
    expect(v1.tags.map((tag: { name: string }) => tag.name)).toEqual(["ItemsV1Controller", "StatusController"]);
    for (const version of ["1", "2", "10"]) await validByBoth(file(`openapi.v${version}.json`));
  });

  it("serves each version's document, and a documentation page that switches between them, the latest first", async () => {
    for (const version of ["1", "2", "10"]) {
      const served = await app.request(`/openapi.v${version}.json`);
      expect(served.status).toBe(200);
      expect(await served.json()).toEqual(JSON.parse(readFileSync(file(`openapi.v${version}.json`), "utf8")));
    }
    expect((await app.request("/openapi.json")).status).toBe(404);
    const page = await (await app.request("/docs")).text();
    expect(page).toContain('<script src="./docs/swagger-ui-standalone-preset.js?v=');
    const preset = await app.request("/docs/swagger-ui-standalone-preset.js");
    expect([preset.status, preset.headers.get("content-type")]).toEqual([200, "text/javascript; charset=utf-8"]);
    const initializer = await (await app.request("/docs/initializer.js")).text();
    expect(initializer).toContain(
      [
        "  urls: [",
        '    { url: new URL("../openapi.v1.json", document.currentScript.src).href, name: "v1" },',
        '    { url: new URL("../openapi.v2.json", document.currentScript.src).href, name: "v2" },',
        '    { url: new URL("../openapi.v10.json", document.currentScript.src).href, name: "v10" },',
        "  ],",
        '  "urls.primaryName": "v10",',
        "  presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset],",
        '  layout: "StandaloneLayout",',
      ].join("\n"),
    );
  });
});

const HEADER_ITEMS = `
import { Controller, Get, Post } from "honest";
import type { Header, Json } from "honest";

@Controller({ prefix: "/items", version: "1" })
export class ItemsV1Controller {
  /** The items' names. */
  @Get("/")
  async list(): Promise<Json<{ name: string }[]>> { return [{ name: "pen" }]; }
}

@Controller({ prefix: "/items", version: "2" })
export class ItemsV2Controller {
  /** The items' titles, in a shop. */
  @Get("/")
  async list({ "x-shop": shop }: Header<{ "x-shop"?: string }>): Promise<Json<{ title: string; shop: string }[]>> {
    return [{ title: "pen", shop: shop ?? "main" }];
  }
  /** Adds an item. */
  @Post("/")
  async create(): Promise<201> { return 201; }
}

@Controller()
export class StatusController {
  /** Whether the service is up. */
  @Get("/status")
  async status(): Promise<Json<{ ok: boolean }>> { return { ok: true }; }
}
`;

describe("versions in a header", () => {
  const dir = path.resolve("test/.out/versions-header");
  let app: Hono;
  let api: any;
  let table = "";
  let build: (options: AppOptions) => Hono;

  beforeAll(async () => {
    const compiled = compileFixture(
      "versions-header",
      {
        "src/items.ts": HEADER_ITEMS,
        "src/app.ts":
          'import { createApp, type AppOptions } from "honest";\n' +
          'export const app = createApp({ log: false, openapi: { docs: "/docs" } });\n' +
          'export const build = (options: AppOptions) => createApp({ openapi: { docs: "/docs" }, ...options });\n',
      },
      {},
      {
        plugin: {
          openapi: path.join(dir, "openapi.json"),
          client: path.join(dir, "client/api.ts"),
          versioning: { in: "header", header: "Api-Version" },
        },
      },
    );
    expect(compiled.diagnostics).toEqual([]);
    const loaded = await compiled.load<{ app: Hono; build: (options: AppOptions) => Hono }>("src/app.ts");
    app = loaded.app;
    build = loaded.build;
    build({
      log: (text) => {
        table = text;
      },
    });
    api = (await import(path.join(dir, "client/api.ts"))).createClient({ fetch: app.request });
  });

  it("runs the route of the version the header names, at one path, varying by the header", async () => {
    const v1 = await app.request("/items", { headers: { "api-version": "1" } });
    expect([v1.status, await v1.json(), v1.headers.get("vary")]).toEqual([200, [{ name: "pen" }], "api-version"]);
    const v2 = await app.request("/items", { headers: { "api-version": "2", "x-shop": "east" } });
    expect([v2.status, await v2.json()]).toEqual([200, [{ title: "pen", shop: "east" }]]);
    expect((await app.request("/items", { method: "POST", headers: { "api-version": "2" } })).status).toBe(201);
    const status = await app.request("/status");
    expect([status.status, await status.json()]).toEqual([200, { ok: true }]);
  });

  it("prints each version's route in the route table, with its version, and each version's document", () => {
    expect(table).toBe(
      [
        "Route mappings:",
        "  GET  /items           → ItemsV1Controller (api-version: 1)",
        "  GET  /items           → ItemsV2Controller (api-version: 2)",
        "  POST /items           → ItemsV2Controller (api-version: 2)",
        "  GET  /status          → StatusController",
        "  GET  /openapi.v1.json → OpenAPI document, version 1",
        "  GET  /openapi.v2.json → OpenAPI document, version 2",
        "  GET  /docs            → API documentation",
        "  GET  /livez           → Liveness probe",
        "  GET  /readyz          → Readiness probe",
      ].join("\n"),
    );
  });

  it("answers 400 to a request without the header, and 404 to a version the route does not have, naming the versions", async () => {
    const missing = await app.request("/items");
    expect([missing.status, await missing.json()]).toEqual([
      400,
      problem(400, "Bad Request", "GET /items needs the api-version header, naming one of its versions: 1, 2"),
    ]);
    const unknown = await app.request("/items", { method: "POST", headers: { "api-version": "1" } });
    expect([unknown.status, await unknown.json()]).toEqual([
      404,
      problem(404, "Not Found", 'POST /items has no version "1"; its versions: 2'),
    ]);
  });

  it("answers those refusals behind the app's middleware, as its own 404: a browser reads them through CORS", async () => {
    const withCors = build({
      log: false,
      use: [cors({ origin: "https://shop.example", exposeHeaders: ["deprecation", "sunset", "link"] })],
    });
    const refused = await withCors.request("/items", { headers: { origin: "https://shop.example" } });
    expect([refused.status, refused.headers.get("access-control-allow-origin"), refused.headers.get("vary")]).toEqual([
      400,
      "https://shop.example",
      "api-version, Origin",
    ]);
    const answered = await withCors.request("/items", { headers: { origin: "https://shop.example", "api-version": "1" } });
    expect([answered.status, answered.headers.get("access-control-allow-origin")]).toEqual([200, "https://shop.example"]);
  });

  it("lists the header in each versioned operation of its version's document, valid by both validators", async () => {
    const v2 = JSON.parse(readFileSync(path.join(dir, "openapi.v2.json"), "utf8"));
    expect(Object.keys(v2.paths)).toEqual(["/items", "/status"]);
    expect(v2.paths["/items"].get.parameters).toEqual([
      { name: "api-version", in: "header", description: "The API version: 2.", required: true, schema: { type: "string", enum: ["2"] } },
      { name: "x-shop", in: "header", schema: { type: "string" } },
    ]);
    expect(v2.paths["/status"].get.parameters).toBeUndefined();
    const v1 = JSON.parse(readFileSync(path.join(dir, "openapi.v1.json"), "utf8"));
    expect(Object.keys(v1.paths["/items"])).toEqual(["get"]);
    await validByBoth(path.join(dir, "openapi.v1.json"));
    await validByBoth(path.join(dir, "openapi.v2.json"));
  });

  it("gives a generated client that sends each route's version", async () => {
    expect(await api.itemsV1.list()).toMatchObject({ ok: true, status: 200, data: [{ name: "pen" }] });
    expect(await api.itemsV2.list({ headers: { "x-shop": "west" } })).toMatchObject({
      ok: true,
      status: 200,
      data: [{ title: "pen", shop: "west" }],
    });
    expect(await api.itemsV2.create()).toMatchObject({ ok: true, status: 201 });
  });
});

const gated = (v1Field: string, withV3: boolean) => `
import { Controller, Get } from "honest";
import type { Json } from "honest";

@Controller({ prefix: "/orders", version: "1" })
export class OrdersV1Controller {
  @Get("/")
  async list(): Promise<Json<{ ${v1Field}: number }[]>> { return []; }
}

@Controller({ prefix: "/orders", version: "2" })
export class OrdersV2Controller {
  @Get("/")
  async list(): Promise<Json<{ total: number; currency: string }[]>> { return []; }
}
${
  withV3
    ? `
@Controller({ prefix: "/orders", version: "3" })
export class OrdersV3Controller {
  @Get("/")
  async list(): Promise<Json<{ amount: string }[]>> { return []; }
}
`
    : ""
}`;

describe("the breaking-change gate, version by version", () => {
  const dir = path.resolve("test/.out/versions-gate-documents");
  const written = path.join(dir, "openapi.json");
  const committed = (version: string) => path.join(dir, `openapi.v${version}.json`);
  const plugin = { openapi: { file: written, against: written } };
  const app = `import { createApp } from "honest";\nexport const app = createApp({ log: false });\n`;

  beforeAll(() => {
    rmSync(dir, { recursive: true, force: true });
    const first = compileFixture("versions-gate-first", { "src/orders.ts": gated("total", false), "src/app.ts": app }, {}, { plugin });
    expect(first.diagnostics).toEqual([]);
    expect([existsSync(committed("1")), existsSync(committed("2"))]).toEqual([true, true]);
  });

  it("refuses a break inside a published version, at the handler, and leaves that version's document as it was", () => {
    const before = readFileSync(committed("1"), "utf8");
    const broken = compileFixture("versions-gate-broken", { "src/orders.ts": gated("sum", false), "src/app.ts": app }, {}, { plugin });
    expect(broken.diagnostics).toEqual([
      {
        file: "src/orders.ts",
        line: 8,
        code: HonestCode.BreakingChange,
        category: "error",
        message:
          `GET /v1/orders (OrdersV1Controller.list): the 200 response's application/json no longer has $[].total, a break for clients written against ${committed("1")}; ` +
          "send what was sent before (a property on its way out can be marked @deprecated in its doc comment), or version the API (a new route beside this one), " +
          `or, if the break is intended, delete ${committed("1")} and build again, which writes the new one, and commit it.`,
      },
    ]);
    expect(readFileSync(committed("1"), "utf8")).toBe(before);
  });

  it("lets a new version differ freely, and writes its document", () => {
    const added = compileFixture("versions-gate-added", { "src/orders.ts": gated("total", true), "src/app.ts": app }, {}, { plugin });
    expect(added.diagnostics).toEqual([]);
    expect(Object.keys(JSON.parse(readFileSync(committed("3"), "utf8")).paths)).toEqual(["/v3/orders"]);
  });
});

describe('generator mode (docs/setup/typescript-7.md, "TypeScript 7: generator mode")', () => {
  it("reads the versions, the deprecation dates and the sunsets alike with TypeScript 6 and TypeScript 7", () => {
    const dir = path.resolve("test/.out/versions-by-compiler");
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(path.join(dir, "src"), { recursive: true });
    writeFileSync(
      path.join(dir, "tsconfig.json"),
      nodeTsconfig({ moduleResolution: "nodenext", lib: ["es2023"], types: ["node"], noEmit: true }),
    );
    writeFileSync(path.join(dir, "src/items.ts"), ITEMS);
    const six = analyseWithTypeScript6(path.join(dir, "tsconfig.json"));
    const seven = analyseWithTypeScript7(path.join(dir, "tsconfig.json"));
    expect(six.diagnostics).toEqual([]);
    const routes = (
      six.model as { controllers: { routes: { path: string; version?: string; lifecycle?: unknown }[] }[] }
    ).controllers.flatMap((controller) => controller.routes);
    expect(routes.map(({ path, version, lifecycle }) => ({ path, version, lifecycle }))).toEqual([
      {
        path: "/v1/items",
        version: "1",
        lifecycle: { deprecation: DEPRECATION_V1, sunset: "Wed, 30 Jun 2027 00:00:00 GMT", successor: "/v2/items" },
      },
      {
        path: "/v1/items/{id}",
        version: "1",
        lifecycle: { deprecation: DEPRECATION_V1, sunset: "Wed, 30 Jun 2027 00:00:00 GMT", successor: "/v2/items" },
      },
      {
        path: "/v1/items/export",
        version: "1",
        lifecycle: { deprecation: DEPRECATION_V1, sunset: "Wed, 30 Jun 2027 00:00:00 GMT", successor: "/v2/items" },
      },
      { path: "/v2/items", version: "2", lifecycle: undefined },
      { path: "/v2/items/{id}", version: "2", lifecycle: { deprecation: DEPRECATION_V2_GET, sunset: "Fri, 01 Jan 2027 00:00:00 GMT" } },
      { path: "/v10/items/search", version: "10", lifecycle: undefined },
      { path: "/status", version: undefined, lifecycle: undefined },
    ]);
    expect(seven.diagnostics).toEqual(six.diagnostics);
    expect(seven.model).toEqual(six.model);
  });
});
