// createApp({ openapi }): where the app serves its OpenAPI document and its
// documentation page (docs/guide/openapi-and-clients.md, "Serving the document and the documentation
// page"). The paths are checked when the app is built, before anything else.

import { isPlainPath, PLAIN_PATH_RULE } from "../common/plain-path.js";
import { describeOption } from "../common/option-value.js";

export interface OpenApiOptions {
  /** Where `GET` (and `HEAD`) answers with the OpenAPI document: "/openapi.json" unless set. */
  readonly path?: string;
  /**
   * Where the documentation page (Swagger UI, from the app's swagger-ui-dist, an optional peer dependency) is served, with or without a
   * trailing slash, its files under it (`/docs/swagger-ui.css`). No page unless set. Needs a runtime with a
   * filesystem (Node, Bun, Deno).
   */
  readonly docs?: string;
}

/** The checked paths: `docs` without a trailing slash. */
export interface OpenApiPaths {
  readonly document: string;
  readonly docs: string | undefined;
}

const DEFAULT_DOCUMENT_PATH = "/openapi.json";

export function openApiPaths(options: OpenApiOptions): OpenApiPaths {
  if (typeof options !== "object" || options === null) {
    throw new Error(
      `honest: createApp({ openapi }) takes an object, such as { path: "/openapi.json", docs: "/docs" }; got ${describeOption(options)}`,
    );
  }
  const document = checkedPath("path", options.path ?? DEFAULT_DOCUMENT_PATH, options.path, DEFAULT_DOCUMENT_PATH);
  if (options.docs === undefined) return { document, docs: undefined };
  if (options.docs === "/") {
    throw new Error(
      'honest: createApp({ openapi: { docs: "/" } }): the documentation page needs a path of its own, such as "/docs", to serve its files under',
    );
  }
  // "/docs/" and "/docs" are the same page, served at both.
  const docs = checkedPath(
    "docs",
    typeof options.docs === "string" ? options.docs.replace(/\/$/, "") : options.docs,
    options.docs,
    "/docs",
  );
  return { document, docs };
}

/** `path`, if it is plain; else an error showing the option as `given`. */
function checkedPath(option: "path" | "docs", path: unknown, given: unknown, example: string): string {
  if (isPlainPath(path)) return path;
  throw new Error(
    `honest: createApp({ openapi: { ${option}: ${describeOption(given)} } }): ${PLAIN_PATH_RULE}, such as ${JSON.stringify(example)}`,
  );
}
