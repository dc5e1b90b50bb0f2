import { relativeUrl } from "./relative-url.js";
import type { SwaggerUiFile } from "./swagger-ui-files.js";

// The documentation page: Swagger UI's files, from the app's swagger-ui-dist,
// and a script of honest's that starts Swagger UI on the app's document.
// There is no inline script or style, so a strict Content-Security-Policy
// (default-src 'self') holds (docs/guide/openapi-and-clients.md, "Serving the document and the
// documentation page").

/** honest's own script beside Swagger UI's files. */
export const INITIALIZER_FILE = "initializer.js";

/** The page served at `pagePath` (the docs path, with or without its trailing slash), its files under `docs`. */
export function docsPageHtml(pagePath: string, docs: string, title: string, version: string): string {
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
<script src="${escapeHtml(relativeUrl(pagePath, `${docs}/${INITIALIZER_FILE}`))}"></script>
</body>
</html>
`;
}

/**
 * Starts Swagger UI on the document, found relative to this script (the same URL from both of the page's paths).
 * No validator: Swagger UI would otherwise send the document's URL to validator.swagger.io.
 */
export function initializerScript(docs: string, document: string): string {
  const url = JSON.stringify(relativeUrl(`${docs}/${INITIALIZER_FILE}`, document));
  return `"use strict";
// honest's documentation page: Swagger UI showing the app's OpenAPI document.
window.ui = SwaggerUIBundle({
  url: new URL(${url}, document.currentScript.src).href,
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
