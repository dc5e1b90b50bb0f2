import { relativeUrl } from "./relative-url.js";
import type { SwaggerUiFile } from "./swagger-ui-files.js";

// The documentation page: Swagger UI's files, from the app's swagger-ui-dist,
// and a script of honest's that starts Swagger UI on the app's document.
// There is no inline script or style, so a strict Content-Security-Policy
// (default-src 'self') holds (docs/guide/openapi-and-clients.md, "Serving the document and the
// documentation page").

/** honest's own script beside Swagger UI's files. */
export const INITIALIZER_FILE = "initializer.js";

/**
 * The page served at `pagePath` (the docs path, with or without its trailing slash), its files under `docs`;
 * `selector`: with the standalone preset, whose top bar switches between the documents of the versions.
 */
export function docsPageHtml(pagePath: string, docs: string, title: string, version: string, selector = false): string {
  const file = (name: SwaggerUiFile) => escapeHtml(`${relativeUrl(pagePath, `${docs}/${name}`)}?v=${encodeURIComponent(version)}`);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="${file("swagger-ui.css")}">
<link rel="stylesheet" href="${file("index.css")}">
<link rel="icon" type="image/png" href="${file("favicon-32x32.png")}" sizes="32x32">
<link rel="icon" type="image/png" href="${file("favicon-16x16.png")}" sizes="16x16">
</head>
<body>
<div id="swagger-ui"></div>
<script src="${file("swagger-ui-bundle.js")}"></script>
${selector ? `<script src="${file("swagger-ui-standalone-preset.js")}"></script>\n` : ""}<script src="${escapeHtml(relativeUrl(pagePath, `${docs}/${INITIALIZER_FILE}`))}"></script>
</body>
</html>
`;
}

/**
 * Starts Swagger UI on the document, found relative to this script (the same URL from both of the page's paths).
 * No validator: Swagger UI would otherwise send the document's URL to validator.swagger.io. Several documents, one
 * per version, each with its `name`: Swagger UI's `urls`, with a selector in its top bar, the latest shown first
 * (docs/guide/versions.md, "A document per version").
 */
export function initializerScript(docs: string, documents: readonly { readonly path: string; readonly name?: string }[]): string {
  const urlOf = (path: string) =>
    `new URL(${JSON.stringify(relativeUrl(`${docs}/${INITIALIZER_FILE}`, path))}, document.currentScript.src).href`;
  const only = documents.length === 1 && documents[0]!.name === undefined ? documents[0] : undefined;
  if (only) {
    return `"use strict";
// honest's documentation page: Swagger UI showing the app's OpenAPI document.
window.ui = SwaggerUIBundle({
  url: ${urlOf(only.path)},
  dom_id: "#swagger-ui",
  deepLinking: true,
  validatorUrl: null,
});
`;
  }
  const latest = documents.at(-1)!;
  const urls = documents.map(({ path, name }) => `    { url: ${urlOf(path)}, name: ${JSON.stringify(name ?? path)} },`).join("\n");
  // The top bar, where Swagger UI puts its selector of documents, comes with the standalone preset and its layout.
  return `"use strict";
// honest's documentation page: Swagger UI showing the app's OpenAPI documents, one per version, the latest first.
window.ui = SwaggerUIBundle({
  urls: [
${urls}
  ],
  "urls.primaryName": ${JSON.stringify(latest.name ?? latest.path)},
  presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset],
  layout: "StandaloneLayout",
  dom_id: "#swagger-ui",
  deepLinking: true,
  validatorUrl: null,
});
`;
}

/** The page's title: the document's `info.title`, when it has one. */
export function docsPageTitle(document: unknown): string {
  const info = typeof document === "object" && document !== null ? (document as { info?: unknown }).info : undefined;
  const title = typeof info === "object" && info !== null ? (info as { title?: unknown }).title : undefined;
  return typeof title === "string" && title.trim() !== "" ? `${title} - API documentation` : "API documentation";
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}
