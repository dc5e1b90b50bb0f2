import type { Context } from "hono";
import type { RouteHandler } from "../compiled/controller-definition.js";
import type { ServedRoute } from "../app/served-route.js";
import { docsPageHtml, docsPageTitle, INITIALIZER_FILE, initializerScript } from "./docs-page.js";
import { type OpenApiOptions, openApiPaths } from "./openapi-options.js";
import { STANDALONE_PRESET_FILE, SWAGGER_UI_FILES, type SwaggerUiFile, swaggerUiFiles } from "./swagger-ui-files.js";
import { versionedDocuments, versionedName } from "./document-set.js";

// The routes createApp({ openapi }) adds after the controllers' (docs/guide/openapi-and-clients.md,
// "Serving the document and the documentation page"): the document, and
// with `docs` the page at its path and with a trailing slash, Swagger UI's
// files and honest's initializer under it. Every answer but Swagger UI's
// files is built once, here; those are read on their first request.

const JSON_TYPE = { "content-type": "application/json" } as const;
/** The page and the initializer change with the app: asked for again on each visit. */
const PAGE_HEADERS = { "content-type": "text/html; charset=utf-8", "cache-control": "no-cache" } as const;
const INITIALIZER_HEADERS = { "content-type": "text/javascript; charset=utf-8", "cache-control": "no-cache" } as const;
/** Swagger UI's files are asked for with Swagger UI's version in the URL, so a browser may keep them for good. */
const FOREVER = "public, max-age=31536000, immutable";
const FILE_TYPES: Readonly<Record<SwaggerUiFile, string>> = {
  "swagger-ui-bundle.js": "text/javascript; charset=utf-8",
  "swagger-ui.css": "text/css; charset=utf-8",
  "index.css": "text/css; charset=utf-8",
  "favicon-32x32.png": "image/png",
  "favicon-16x16.png": "image/png",
  "swagger-ui-standalone-preset.js": "text/javascript; charset=utf-8",
};

/** The routes `openapi` asks for, serving `document`; none without `openapi`. Throws for misuse, saying what to change. */
export function openApiRoutes(options: OpenApiOptions | undefined, document: string | undefined): ServedRoute[] {
  if (options === undefined) return [];
  const paths = openApiPaths(options);
  if (document === undefined) {
    throw new Error(
      "honest: createApp({ openapi }) serves the OpenAPI document the honest transformer writes into the compiled createApp() call, " +
        'and this call has none. Add { "transform": "honest/transformer" } to compilerOptions.plugins and build with tspc.',
    );
  }
  // A versioned program's documents, each at its own path (docs/guide/versions.md, "A document per version").
  const versions = versionedDocuments(document);
  const documents = versions?.map(({ version, text }) => ({ version, text, path: versionedName(paths.document, version) })) ?? [
    { version: undefined, text: document, path: paths.document },
  ];
  const routes: ServedRoute[] = documents.map(({ version, text, path }) => ({
    path,
    handler: fixed(text, JSON_TYPE),
    listedAs: version === undefined ? "OpenAPI document" : `OpenAPI document, version ${version}`,
    name: version === undefined ? "the OpenAPI document" : `the OpenAPI document of version ${version}`,
    option: "openapi.path",
    behindMiddleware: true,
  }));
  if (paths.docs === undefined) return routes;

  const files = swaggerUiFiles();
  const title = docsPageTitle(parsedDocument(documents[0]!.text));
  const docs = paths.docs;
  for (const pagePath of [docs, `${docs}/`]) {
    const page = fixed(docsPageHtml(pagePath, docs, title, files.version, versions !== undefined), PAGE_HEADERS);
    const listed = pagePath === docs ? { listedAs: "API documentation" } : {};
    routes.push({
      path: pagePath,
      handler: page,
      name: "the documentation page",
      option: "openapi.docs",
      behindMiddleware: true,
      ...listed,
    });
  }
  routes.push({
    path: `${docs}/${INITIALIZER_FILE}`,
    handler: fixed(
      initializerScript(
        docs,
        documents.map(({ version, path }) => ({ path, ...(version !== undefined && { name: `v${version}` }) })),
      ),
      INITIALIZER_HEADERS,
    ),
    name: "the documentation page's initializer",
    option: "openapi.docs",
    behindMiddleware: true,
  });
  for (const file of versions === undefined ? SWAGGER_UI_FILES : [...SWAGGER_UI_FILES, STANDALONE_PRESET_FILE]) {
    routes.push({
      path: `${docs}/${file}`,
      handler: async (c) => {
        const bytes = await files.read(file);
        return c.body(bytes, 200, {
          "content-type": FILE_TYPES[file],
          "content-length": String(bytes.byteLength),
          "cache-control": FOREVER,
        });
      },
      name: `the documentation page's ${file}`,
      option: "openapi.docs",
      behindMiddleware: true,
    });
  }
  const taken = routes.slice(documents.length).find((route) => documents.some(({ path }) => path === route.path));
  if (taken) {
    throw new Error(
      `honest: createApp({ openapi: { path: ${JSON.stringify(paths.document)}, docs: ${JSON.stringify(options.docs)} } }): ` +
        `that path is ${taken.name}'s; give the document another, such as ${JSON.stringify(`${docs}/openapi.json`)}`,
    );
  }
  return routes;
}

/** A handler answering `text`, encoded once, with `headers`. */
function fixed(text: string, headers: Readonly<Record<string, string>>): RouteHandler {
  const bytes = new TextEncoder().encode(text);
  const withLength = { ...headers, "content-length": String(bytes.byteLength) };
  return (c: Context) => c.body(bytes, 200, withLength);
}

function parsedDocument(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new Error("honest: the OpenAPI document this createApp() call was compiled with is not JSON; build it again with tspc", {
      cause: error,
    });
  }
}
