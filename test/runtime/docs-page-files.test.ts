import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { bearerAuth } from "hono/bearer-auth";
import { afterEach, describe, expect, it } from "vitest";
import { problemOf } from "../support/example.js";
import { appServingDocument } from "../support/openapi-app.js";
import { repositoryRoot } from "../support/working-tree.js";

// docs/guide/openapi-and-clients.md, "Serving the document and the documentation page": with `docs`, the
// page is served at that path with and without a trailing slash, Swagger UI's
// files under it (read from the installed swagger-ui-dist, an optional peer
// dependency of honest's, on their first request, once, then cached by
// browsers for good), and honest's initializer pointing at the document. The
// browser's view of it is test/example/docs-page.test.ts.

/** swagger-ui-dist as honest's devDependencies pin it: the copy honest's own folder resolves, which the runtime reads. */
const swaggerUiDist = path.dirname(createRequire(import.meta.url).resolve("swagger-ui-dist/package.json"));
const swaggerUiVersion = (JSON.parse(readFileSync(path.join(repositoryRoot, "package.json"), "utf8")) as PackageJson).devDependencies[
  "swagger-ui-dist"
]!;

interface PackageJson {
  readonly devDependencies: Readonly<Record<string, string>>;
}

/** What the page links to (stylesheets, icons, scripts), as paths with their query, resolved from `pagePath`. */
function linkedFrom(html: string, pagePath: string): string[] {
  return [...html.matchAll(/ (?:href|src)="([^"]+)"/g)].map(([, link]) => {
    const url = new URL(link!, `http://localhost${pagePath}`);
    return url.pathname + url.search;
  });
}

describe("swagger-ui-dist, where the page's files come from", () => {
  it("is the pinned version, which the page puts in its files' URLs", async () => {
    expect(swaggerUiVersion).toMatch(/^\d+\.\d+\.\d+$/); // pinned exactly: what is tested is one version
    expect((JSON.parse(readFileSync(path.join(swaggerUiDist, "package.json"), "utf8")) as { version: string }).version).toBe(
      swaggerUiVersion,
    );
    const html = await (await appServingDocument({ openapi: { docs: "/docs" } }).request("/docs")).text();
    expect(html).toContain(`/docs/swagger-ui.css?v=${swaggerUiVersion}`);
  });

  it("when it is not installed, createApp() fails naming the command that installs it", () => {
    const original = process.getBuiltinModule;
    process.getBuiltinModule = ((id: string) => {
      const module = original(id);
      if (id !== "node:module") return module;
      const createRequire = (from: string) => {
        const require = (module as typeof import("node:module")).createRequire(from);
        const resolve = (request: string) => {
          if (request.startsWith("swagger-ui-dist"))
            throw Object.assign(new Error(`Cannot find module '${request}'`), { code: "MODULE_NOT_FOUND" });
          return require.resolve(request);
        };
        return Object.assign(require, { resolve });
      };
      return { ...(module as object), createRequire };
    }) as typeof process.getBuiltinModule;
    try {
      expect(() => appServingDocument({ openapi: { docs: "/docs" } })).toThrow(
        "honest: createApp({ openapi: { docs } }) serves Swagger UI's files from the swagger-ui-dist package, an optional peer " +
          "dependency of honest's, which is not installed; install it with: npm install swagger-ui-dist@5",
      );
      expect(() => appServingDocument({ openapi: {} })).not.toThrow(); // the document alone needs none
    } finally {
      process.getBuiltinModule = original;
    }
  });
});

describe("the documentation page and its files", () => {
  let restoreBuiltins: (() => void) | undefined;
  afterEach(() => restoreBuiltins?.());

  for (const pagePath of ["/docs", "/docs/"]) {
    it(`answers GET ${pagePath} with the page, whose every link resolves to a file served under /docs`, async () => {
      const app = appServingDocument({ openapi: { docs: "/docs" } });
      const page = await app.request(pagePath);
      expect(page.status).toBe(200);
      expect(page.headers.get("content-type")).toBe("text/html; charset=utf-8");
      expect(page.headers.get("cache-control")).toBe("no-cache");
      const html = await page.text();
      expect(html).toContain('<div id="swagger-ui"></div>');
      expect(html).not.toMatch(/<script(?![^>]* src=)|<style| style=/); // nothing inline, for a strict Content-Security-Policy

      const v = `?v=${swaggerUiVersion}`;
      expect(linkedFrom(html, pagePath)).toEqual([
        `/docs/swagger-ui.css${v}`,
        `/docs/index.css${v}`,
        `/docs/favicon-32x32.png${v}`,
        `/docs/favicon-16x16.png${v}`,
        `/docs/swagger-ui-bundle.js${v}`,
        "/docs/initializer.js",
      ]);
      for (const link of linkedFrom(html, pagePath)) expect((await app.request(link)).status, link).toBe(200);
    });
  }

  it("serves Swagger UI's files as swagger-ui-dist has them, with their types, cached for good", async () => {
    const app = appServingDocument({ openapi: { docs: "/docs" } });
    const types = {
      "swagger-ui-bundle.js": "text/javascript; charset=utf-8",
      "swagger-ui.css": "text/css; charset=utf-8",
      "index.css": "text/css; charset=utf-8",
      "favicon-32x32.png": "image/png",
      "favicon-16x16.png": "image/png",
    };
    for (const [file, type] of Object.entries(types)) {
      const response = await app.request(`/docs/${file}?v=${swaggerUiVersion}`);
      const expected = readFileSync(path.join(swaggerUiDist, file));
      expect(response.status, file).toBe(200);
      expect(response.headers.get("content-type"), file).toBe(type);
      expect(response.headers.get("cache-control"), file).toBe("public, max-age=31536000, immutable");
      expect(response.headers.get("content-length"), file).toBe(String(expected.byteLength));
      expect(Buffer.from(await response.arrayBuffer()).equals(expected), file).toBe(true);
    }
  });

  it("answers HEAD on a file with its headers and no body", async () => {
    const response = await appServingDocument({ openapi: { docs: "/docs" } }).request("/docs/swagger-ui-bundle.js", { method: "HEAD" });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-length")).toBe(String(readFileSync(path.join(swaggerUiDist, "swagger-ui-bundle.js")).byteLength));
    expect(await response.text()).toBe("");
  });

  it("answers 404 for any other file under the docs path: only the page's files are served", async () => {
    const app = appServingDocument({ openapi: { docs: "/docs" } });
    // swagger-ui-dist's own initializer (the petstore), its other files (its licence and package.json among them),
    // and a file that is nowhere.
    const others = [
      "swagger-initializer.js",
      "index.html",
      "package.json",
      "swagger-ui.js",
      "LICENSE",
      "NOTICE",
      "version.json",
      "nope.js",
    ];
    for (const file of others) {
      const response = await app.request(`/docs/${file}`);
      expect(response.status, file).toBe(404);
      expect((await problemOf(response)).detail).toBe(`no route matches GET /docs/${file}`);
    }
    // An encoded slash does not reach the folder either: files are routes, not paths on disk.
    expect((await app.request("/docs/..%2Fpackage.json")).status).toBe(404);
    expect((await app.request("/docs/..%2F..%2Fpackage.json")).status).toBe(404);
  });

  it("points the initializer at the document, relative to the initializer's own URL", async () => {
    const cases = [
      { docs: "/docs", path: undefined, initializer: "/docs/initializer.js", document: "/openapi.json" },
      {
        docs: "/reference/api/",
        path: "/specs/openapi.json",
        initializer: "/reference/api/initializer.js",
        document: "/specs/openapi.json",
      },
      { docs: "/api/docs", path: "/api/openapi.json", initializer: "/api/docs/initializer.js", document: "/api/openapi.json" },
    ];
    for (const { docs, path: documentPath, initializer, document } of cases) {
      const response = await appServingDocument({ openapi: { docs, path: documentPath } }).request(initializer);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
      expect(response.headers.get("cache-control")).toBe("no-cache");
      const script = await response.text();
      const relative = JSON.parse(/new URL\(("[^"]*"), document\.currentScript\.src\)/.exec(script)![1]!) as string;
      expect(new URL(relative, `http://localhost${initializer}`).pathname).toBe(document);
      expect(script).toContain("validatorUrl: null"); // Swagger UI would otherwise send the document's URL to validator.swagger.io
    }
  });

  it("titles the page after the document's info.title, escaped", async () => {
    const document = JSON.stringify({ openapi: "3.1.0", info: { title: 'Shop <"&">', version: "1" }, paths: {} });
    const html = await (await appServingDocument({ openapi: { docs: "/docs" } }, { document }).request("/docs")).text();
    expect(html).toContain("<title>Shop &#60;&#34;&#38;&#34;&#62; - API documentation</title>");
    const untitled = await (await appServingDocument({ openapi: { docs: "/docs" } }, { document: "{}" }).request("/docs")).text();
    expect(untitled).toContain("<title>API documentation</title>");
  });

  it("reads each of Swagger UI's files from swagger-ui-dist on its first request, once", async () => {
    const reads: string[] = [];
    const original = process.getBuiltinModule;
    process.getBuiltinModule = ((id: string) => {
      const module = original(id);
      if (id !== "node:fs") return module;
      const fs = module as typeof import("node:fs");
      const readFile = ((file: string, ...rest: []) => {
        reads.push(path.relative(repositoryRoot, file));
        return fs.promises.readFile(file, ...rest);
      }) as typeof fs.promises.readFile;
      return { ...fs, promises: { ...fs.promises, readFile } };
    }) as typeof process.getBuiltinModule;
    restoreBuiltins = () => (process.getBuiltinModule = original);

    const app = appServingDocument({ openapi: { docs: "/docs" } });
    expect(reads).toEqual([]);
    await app.request("/docs");
    expect(reads).toEqual([]);
    const answers = await Promise.all([1, 2, 3].map(() => app.request("/docs/swagger-ui.css")));
    await app.request("/docs/swagger-ui.css");
    expect(answers.map(({ status }) => status)).toEqual([200, 200, 200]);
    expect(reads).toEqual([path.join("node_modules", "swagger-ui-dist", "swagger-ui.css")]); // the copy honest's folder resolves
  });

  it("runs the app's middleware first, for the page and its files", async () => {
    const app = appServingDocument({ use: [bearerAuth({ token: "secret" })], openapi: { docs: "/docs" } });
    for (const path of ["/docs", "/docs/", "/docs/initializer.js", "/docs/swagger-ui.css"]) {
      expect((await app.request(path)).status, path).toBe(401);
      expect((await app.request(path, { headers: { authorization: "Bearer secret" } })).status, path).toBe(200);
    }
  });

  it("answers another method with 405 and Allow: GET, HEAD", async () => {
    const response = await appServingDocument({ openapi: { docs: "/docs" } }).request("/docs/swagger-ui.css", { method: "DELETE" });
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("GET, HEAD");
  });
});
