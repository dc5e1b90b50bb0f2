import { createApp, type AppOptions } from "honest";
import { cors } from "hono/cors";

/**
 * The example application: every controller of the compilation, found by the
 * transformer, with CORS for every route and for honest's own 404 and 405,
 * its OpenAPI document at /openapi.json and the documentation page at /docs.
 */
export function createExampleApp(options: Omit<AppOptions, "controllers"> = {}) {
  return createApp({ openapi: { path: "/openapi.json", docs: "/docs" }, ...options, use: [cors(), ...(options.use ?? [])] });
}
