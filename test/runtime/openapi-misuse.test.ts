import { createApp } from "honest";
import { createDiscoveredApp, defineController } from "honest/internal";
import { beforeAll, describe, expect, it } from "vitest";
import { EXAMPLE_OPENAPI_DOCUMENT } from "../support/example-openapi-document.js";
import { appServingDocument, exampleControllers, withoutBuiltinModules } from "../support/openapi-app.js";

// docs/guide/openapi-and-clients.md, "Serving the document and the documentation page": misuse of
// createApp({ openapi }) fails when the app is built, with what to change.

let controllers: Awaited<ReturnType<typeof exampleControllers>>;
beforeAll(async () => {
  controllers = await exampleControllers();
});

describe("createApp({ openapi }) refuses", () => {
  it("a call the transformer did not compile with a document, naming the fix", () => {
    const fix = 'Add { "transform": "honest/transformer" } to compilerOptions.plugins and build with tspc.';
    expect(() => createApp({ controllers: [], log: false, openapi: {} })).toThrow(
      "honest: createApp({ openapi }) serves the OpenAPI document the honest transformer writes into the compiled createApp() call, " +
        `and this call has none. ${fix}`,
    );
    expect(() => createDiscoveredApp([], { log: false, openapi: { docs: "/docs" } }, {})).toThrow(fix);
  });

  it("a path that is not a plain path, naming the option and the value", () => {
    const rule =
      'a path starts with "/" and has one or more segments of letters, digits and - . _ ~ ! $ & \' ( ) + , ; = @, ' +
      "with no placeholder, wildcard, query, empty segment or . and .. segment";
    for (const path of [
      "openapi.json",
      "/items/{id}",
      "/items/:id",
      "/docs/*",
      "/openapi.json?x=1",
      "/a//b",
      "/a/../b",
      "/openapi.json/",
      "",
    ]) {
      expect(() => appServingDocument({ openapi: { path } }), path).toThrow(
        `honest: createApp({ openapi: { path: ${JSON.stringify(path)} } }): ${rule}, such as "/openapi.json"`,
      );
    }
    for (const docs of ["docs", "/docs//", "/docs/{page}"]) {
      expect(() => appServingDocument({ openapi: { docs } }), docs).toThrow(
        `honest: createApp({ openapi: { docs: ${JSON.stringify(docs)} } }): ${rule}, such as "/docs"`,
      );
    }
    expect(() => appServingDocument({ openapi: { docs: 42 as unknown as string } })).toThrow(
      "honest: createApp({ openapi: { docs: 42 } })",
    );
    expect(() => appServingDocument({ openapi: true as never })).toThrow(
      'honest: createApp({ openapi }) takes an object, such as { path: "/openapi.json", docs: "/docs" }; got true',
    );
  });

  it('docs: "/", which leaves the page\'s files no folder of their own', () => {
    expect(() => appServingDocument({ openapi: { docs: "/" } })).toThrow(
      'honest: createApp({ openapi: { docs: "/" } }): the documentation page needs a path of its own, such as "/docs", to serve its files under',
    );
  });

  it("a document path that is the page's or one of its files'", async () => {
    const cases = [
      ["/docs", "the documentation page's"],
      ["/docs/initializer.js", "the documentation page's initializer's"],
      ["/docs/swagger-ui.css", "the documentation page's swagger-ui.css's"],
    ];
    for (const [path, whose] of cases) {
      expect(() => appServingDocument({ openapi: { path, docs: "/docs/" } }), path).toThrow(
        `honest: createApp({ openapi: { path: ${JSON.stringify(path)}, docs: "/docs/" } }): that path is ${whose}; ` +
          'give the document another, such as "/docs/openapi.json"',
      );
    }
    // Beside the page's files is fine.
    const app = appServingDocument({ openapi: { path: "/docs/openapi.json", docs: "/docs" } });
    expect(await (await app.request("/docs/openapi.json")).text()).toBe(EXAMPLE_OPENAPI_DOCUMENT);
  });

  it("a path a controller's GET route answers too, naming both", () => {
    const { HomeController, ItemController } = controllers;
    expect(() => appServingDocument({ openapi: { path: "/health" } }, { controllers: [HomeController] })).toThrow(
      "honest: createApp({ openapi }) serves the OpenAPI document at GET /health, which HomeController.health (GET /health) answers too. " +
        "Give openapi.path another path, or move the route.",
    );
    // A placeholder matches it as surely as a literal.
    expect(() => appServingDocument({ openapi: { path: "/items/openapi.json" } }, { controllers: [ItemController] })).toThrow(
      "honest: createApp({ openapi }) serves the OpenAPI document at GET /items/openapi.json, which ItemController.get (GET /items/{id}) answers too.",
    );
    expect(() => appServingDocument({ openapi: { docs: "/items" } }, { controllers: [ItemController] })).toThrow(
      "honest: createApp({ openapi }) serves the documentation page at GET /items, which ItemController.list (GET /items) answers too. " +
        "Give openapi.docs another path, or move the route.",
    );
    // The page's files count too: GET /items/{id}/quote/{quantity} would answer /items/1/quote/initializer.js.
    expect(() => appServingDocument({ openapi: { docs: "/items/1/quote" } }, { controllers: [ItemController] })).toThrow(
      "honest: createApp({ openapi }) serves the documentation page's initializer at GET /items/1/quote/initializer.js, " +
        "which ItemController.quote (GET /items/{id}/quote/{quantity}) answers too.",
    );
  });

  it("no path that only another method's route has: POST /session and GET /session live side by side", async () => {
    const app = appServingDocument({ openapi: { path: "/session" } }, { controllers: [controllers.SessionController] });
    expect(await (await app.request("/session")).text()).toBe(EXAMPLE_OPENAPI_DOCUMENT);
    expect((await app.request("/session", { method: "PUT" })).headers.get("allow")).toBe("POST, GET, HEAD");
  });

  it("docs on a runtime without a filesystem, saying that openapi.path alone works there", () => {
    expect(() => withoutBuiltinModules(() => appServingDocument({ openapi: { docs: "/docs" } }))).toThrow(
      "honest: createApp({ openapi: { docs } }) serves Swagger UI's files from the swagger-ui-dist package on disk, and this runtime " +
        "gives no filesystem (no process.getBuiltinModule, which Node, Bun and Deno have). Leave docs out here: " +
        "openapi.path alone serves the document on every runtime, and any Swagger UI can be pointed at it.",
    );
  });

  it("before building any controller or component", () => {
    let built = 0;
    class CountedController {
      constructor() {
        built++;
      }
    }
    defineController(CountedController, { routes: [] });
    expect(() => appServingDocument({ openapi: { docs: "/" } }, { controllers: [CountedController] })).toThrow("a path of its own");
    expect(built).toBe(0);
    appServingDocument({ openapi: { docs: "/docs" } }, { controllers: [CountedController] });
    expect(built).toBe(1);
  });
});
